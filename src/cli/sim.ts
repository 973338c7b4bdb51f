import { isSweep, readSweep } from "../sweep/spec.ts";
import { parseArgs } from "./args.ts";
import { helpText, USAGE } from "./help.ts";
import { runScenario } from "./run.ts";
import { presetLines, readRuns } from "./scenario-input.ts";
import { runSweepCommand } from "./sweep-command.ts";
import { POINT_WORKER, servePoints } from "./sweep-pool.ts";
import { writeOut } from "./write-out.ts";

// `npm run sim`: runs a scenario headless and prints its metrics (docs/scenarios.md, "The command
// line"). It refuses where the page warns: any bad flag or scenario issue is exit 2, nothing on
// stdout, so a script never gets figures for a scenario it did not ask for. The same file is the
// sweep's worker thread (cli/sweep-pool.ts).

function fail(problems: readonly string[]): never {
  for (const problem of problems) process.stderr.write(`sim: ${problem}\n`);
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

// A failure part-way (a full disk, a closed pipe) ends the command with exit 1; OpenMetrics is
// then cut before its `# EOF`, so what was written never looks complete.
function failed(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  // On a terminal the progress line may be open: end it first.
  const newline = process.stderr.isTTY === true ? "\n" : "";
  process.stderr.write(`${newline}sim: failed part-way: ${message}; the output is incomplete\n`);
  process.exit(1);
}

const io = {
  wallNowMs: () => performance.now(),
  progress: (line: string) => process.stderr.write(line),
  out: (text: string) => writeOut(text),
  interactive: process.stderr.isTTY === true,
};

function main(): void {
  const { args, problems } = parseArgs(process.argv.slice(2), Date.now());
  if (args.help && problems.length === 0) {
    process.stdout.write(helpText());
    return;
  }
  if (args.listPresets && problems.length === 0) {
    process.stdout.write(presetLines());
    return;
  }
  process.stdout.on("error", failed);
  const cores = process.getBuiltinModule("node:os").availableParallelism();
  const sweep = readSweep(args.sweep, { durationS: args.durationS, cores });
  if (isSweep(args.sweep)) {
    const script = process.argv[1] ?? "";
    const all = [...problems, ...sweep.problems];
    runSweepCommand(args, all, sweep.plan, { script, io, fail }).catch(failed);
    return;
  }
  problems.push(...sweep.problems);
  // Flags and scenario are both checked, so one attempt reports every problem.
  const { runs, problems: scenarioProblems, notes } = readRuns(args);
  for (const note of notes) process.stderr.write(`sim: ${note}\n`);
  if (problems.length + scenarioProblems.length > 0) fail([...problems, ...scenarioProblems]);
  try {
    runScenario(runs, args, io);
  } catch (error) {
    failed(error);
  }
}

// A bundle in one function imports nothing (scripts/bundle-cli.mjs): Node's modules are asked for.
const threads = process.getBuiltinModule("node:worker_threads");
if (!threads.isMainThread && threads.workerData === POINT_WORKER) servePoints();
else main();
