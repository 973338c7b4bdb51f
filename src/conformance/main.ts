import { readFileSync } from "node:fs";
import { formatReport, parseVectorFile, runCases, tally } from "./runner.ts";

// `npm run conformance -- <file.json>`: exit 0 when no case failed, 1 when one did, 2 when the
// file cannot be read as a vector file at all.

function main(argv: readonly string[]): number {
  const [path, ...rest] = argv;
  if (path === undefined || rest.length > 0) {
    process.stderr.write("usage: npm run conformance -- <vectors.json>\n");
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    process.stderr.write(`conformance: cannot read ${path}: ${(e as Error).message}\n`);
    return 2;
  }
  const file = parseVectorFile(text);
  if ("error" in file) {
    process.stderr.write(`conformance: ${path}: ${file.error}\n`);
    return 2;
  }
  const reports = runCases(file.cases);
  process.stdout.write(formatReport(reports));
  return tally(reports).failed > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
