import { answerOf, maxSearchRuns, searchSeeds } from "../sweep/find.ts";
import type { SweepPlan } from "../sweep/spec.ts";
import type { CliArgs } from "./args.ts";
import type { CliIo } from "./run.ts";
import { answerText } from "./sweep-answer.ts";
import type { PointRunner } from "./sweep-pool.ts";
import { batchRunner } from "./sweep-progress.ts";

// `--find …`: the threshold search (sweep/find.ts) run on the command line's pool, with progress
// on stderr, and its answer as text.

export async function searchThreshold(
  args: CliArgs,
  plan: SweepPlan,
  base: { text: string },
  seeds: readonly number[],
  runner: PointRunner,
  io: CliIo,
): Promise<string> {
  const find = plan.find;
  if (find === null) throw new Error("searchThreshold needs --find");
  const batch = batchRunner(runner, io, maxSearchRuns(plan.dimensions, find, seeds.length), true);
  const searches = await searchSeeds(
    plan.dimensions,
    find,
    base.text,
    seeds,
    args.durationS,
    batch.run,
  );
  batch.finish(plan.jobs);
  return answerText(plan, searches.map(answerOf));
}
