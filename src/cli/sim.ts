import { parseScenario } from "../sim/scenario/index.ts";
import { parseArgs, USAGE } from "./args.ts";
import { runScenario } from "./run.ts";

// `npm run sim`: runs a scenario headless and prints its metrics (SCENARIO.md, "The command
// line"). It refuses where the page warns: any bad flag or scenario issue is exit 2, nothing on
// stdout, so a script never gets figures for a scenario it did not ask for.

function fail(problems: readonly string[]): never {
  for (const problem of problems) process.stderr.write(`sim: ${problem}\n`);
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const parsed = parseArgs(process.argv.slice(2));
if ("problems" in parsed) fail(parsed.problems);
const { args } = parsed;
const { scenario, issues } = parseScenario(args.scenario);
if (issues.length > 0) {
  fail(issues.map((i) => `scenario: ${i.key}=${JSON.stringify(i.value)}: ${i.message}`));
}
const output = runScenario(scenario, args, {
  wallNowMs: () => performance.now(),
  progress: (line) => process.stderr.write(line),
  interactive: process.stderr.isTTY === true,
});
process.stdout.write(output);
