// Bundles one command-line entry (src/cli/<name>.ts or src/conformance/main.ts) to dist-cli/<name>.mjs.
// Node 20 cannot run TypeScript itself; esbuild bundles in tens of milliseconds, so every
// `npm run sim` / `npm run conformance` runs the current sources with a fast start. A bundle
// whose inputs (as esbuild listed them) are all older than its last build is kept as it is:
// loading esbuild and bundling cost a tenth of a second or more on every run otherwise.
import { readFileSync, statSync, writeFileSync } from "node:fs";

const entries = {
  sim: "src/cli/sim.ts",
  conformance: "src/conformance/main.ts",
};
const name = process.argv[2];
const entry = entries[name];
if (!entry) {
  console.error(`bundle-cli: unknown entry "${name}"; known: ${Object.keys(entries).join(", ")}`);
  process.exit(2);
}
const outfile = `dist-cli/${name}.mjs`;
const inputsFile = `dist-cli/${name}.inputs.json`;

/** True when the bundle exists and no input changed since its build started. */
function upToDate() {
  try {
    statSync(outfile);
    const { startedMs, inputs } = JSON.parse(readFileSync(inputsFile, "utf8"));
    const files = [...inputs, "scripts/bundle-cli.mjs", "package.json", "package-lock.json"];
    return files.every((file) => statSync(file).mtimeMs < startedMs);
  } catch {
    return false;
  }
}

if (!upToDate()) {
  // A file saved while esbuild reads the sources is newer than this, so the next run rebuilds.
  const startedMs = Date.now();
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  writeFileSync(inputsFile, JSON.stringify({ startedMs, inputs }));
}
