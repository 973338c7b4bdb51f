import type { SweepPlan } from "../sweep/spec.ts";
import type { CliArgs } from "./args.ts";
import type { CliIo } from "./run.ts";
import { preparedSweep, runSweep } from "./sweep.ts";
import { inProcessRunner, type PointRunner, workerRunner } from "./sweep-pool.ts";

// `npm run sim -- --sweep …` from the flags to the output: every problem of the flags, the base
// scenario and every point is reported at once (exit 2, nothing run); then the points run on
// --jobs worker threads of the command line's own bundle (on the main thread with --jobs 1).

export interface SweepCommandEnv {
  /** The bundle's own file, which serves points when started as a worker thread. */
  readonly script: string;
  readonly io: CliIo;
  fail(problems: readonly string[]): never;
}

export async function runSweepCommand(
  args: CliArgs,
  problems: readonly string[],
  plan: SweepPlan | null,
  env: SweepCommandEnv,
): Promise<void> {
  if (plan === null) env.fail(problems);
  const prepared = preparedSweep(args, plan);
  for (const note of prepared.notes) env.io.progress(`sim: ${note}\n`);
  if (problems.length + prepared.problems.length > 0) {
    env.fail([...problems, ...prepared.problems]);
  }
  // No more threads than the most points ever run at once: a grid's all, a search's first five.
  const atOnce = (plan.find === null ? prepared.points.length : 5) * prepared.seeds.length;
  const threads = Math.min(plan.jobs, atOnce);
  const pool = threads === 1 ? null : workerRunner(env.script, threads);
  const runner: PointRunner = pool ?? inProcessRunner;
  try {
    await runSweep(args, plan, prepared, runner, env.io);
  } finally {
    pool?.close();
  }
}
