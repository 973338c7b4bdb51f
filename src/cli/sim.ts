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

const { args, problems } = parseArgs(process.argv.slice(2));
const { scenario, issues } = parseScenario(args.scenario);
const scenarioProblems = issues.map(
  (i) => `scenario: ${i.key}=${JSON.stringify(i.value)}: ${i.message}`,
);
if (problems.length + scenarioProblems.length > 0) fail([...problems, ...scenarioProblems]);
const output = runScenario(scenario, args, {
  wallNowMs: () => performance.now(),
  progress: (line) => process.stderr.write(line),
  interactive: process.stderr.isTTY === true,
});
process.stdout.write(output);
