// The command line's flags (SCENARIO.md, "The command line"): every problem is collected, so one
// run reports all of them at once.

export type Format = "prom" | "json";

export interface CliArgs {
  readonly scenario: string;
  readonly durationS: number;
  readonly format: Format;
}

export const USAGE =
  "usage: npm run sim -- --scenario '<query>' --duration <seconds> [--format prom|json]";

const MAX_DURATION_S = 86_400;

/** The flags, and every problem with them (the scenario text is returned even then). */
export function parseArgs(argv: readonly string[]): { args: CliArgs; problems: string[] } {
  const problems: string[] = [];
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const match = /^--(scenario|duration|format)(?:=(.*))?$/s.exec(arg);
    if (match === null) {
      problems.push(`unknown argument "${arg}"`);
      continue;
    }
    const name = match[1] as string;
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined) {
        problems.push(`--${name} needs a value`);
        continue;
      }
      i++;
    }
    if (given.has(name)) problems.push(`--${name} is given more than once`);
    given.set(name, value);
  }
  const durationS = readDuration(given.get("duration"), problems);
  const format = given.get("format") ?? "prom";
  if (format !== "prom" && format !== "json") {
    problems.push(`--format "${format}" is not one of prom, json`);
  }
  const args = { scenario: given.get("scenario") ?? "", durationS, format: format as Format };
  return { args, problems };
}

function readDuration(text: string | undefined, problems: string[]): number {
  if (text === undefined) {
    problems.push("--duration is required (simulated seconds, 1 … 86400)");
    return 0;
  }
  const value = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= MAX_DURATION_S)) {
    problems.push(`--duration "${text}" is not a number of seconds in 1 … ${MAX_DURATION_S}`);
  }
  return value;
}
