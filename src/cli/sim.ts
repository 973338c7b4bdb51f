import { parseArgs } from "./args.ts";
import { helpText, USAGE } from "./help.ts";
import { runScenario } from "./run.ts";
import { presetLines, readRuns } from "./scenario-input.ts";
import { writeOut } from "./write-out.ts";

// `npm run sim`: runs a scenario headless and prints its metrics (docs/scenarios.md, "The command
// line"). It refuses where the page warns: any bad flag or scenario issue is exit 2, nothing on
// stdout, so a script never gets figures for a scenario it did not ask for.

function fail(problems: readonly string[]): never {
  for (const problem of problems) process.stderr.write(`sim: ${problem}\n`);
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const { args, problems } = parseArgs(process.argv.slice(2), Date.now());
if (args.help && problems.length === 0) {
  process.stdout.write(helpText());
} else if (args.listPresets && problems.length === 0) {
  process.stdout.write(presetLines());
} else {
  // Flags and scenario are both checked, so one attempt reports every problem.
  const { runs, problems: scenarioProblems, notes } = readRuns(args);
  for (const note of notes) process.stderr.write(`sim: ${note}\n`);
  if (problems.length + scenarioProblems.length > 0) fail([...problems, ...scenarioProblems]);
  // A failure part-way (a full disk, a closed pipe) ends the command with exit 1; OpenMetrics is
  // then cut before its `# EOF`, so what was written never looks complete.
  const failed = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    // On a terminal the progress line may be open: end it first.
    const newline = process.stderr.isTTY === true ? "\n" : "";
    process.stderr.write(`${newline}sim: failed part-way: ${message}; the output is incomplete\n`);
    process.exit(1);
  };
  process.stdout.on("error", failed);
  try {
    runScenario(runs, args, {
      wallNowMs: () => performance.now(),
      progress: (line) => process.stderr.write(line),
      out: (text) => writeOut(text),
      interactive: process.stderr.isTTY === true,
    });
  } catch (error) {
    failed(error);
  }
}
