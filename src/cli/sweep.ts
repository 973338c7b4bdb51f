import { firstValues } from "../sweep/find.ts";
import type { PointResult } from "../sweep/point.ts";
import { gridPoints, type PointValues, pointLabel, pointText } from "../sweep/points.ts";
import type { SweepPlan } from "../sweep/spec.ts";
import type { CliArgs } from "./args.ts";
import type { CliIo } from "./run.ts";
import { searchThreshold } from "./sweep-find.ts";
import { sweepText } from "./sweep-output.ts";
import { pointProblems, sweepBase } from "./sweep-points.ts";
import type { PointRunner } from "./sweep-pool.ts";
import { batchRunner } from "./sweep-progress.ts";

// `npm run sim -- --sweep …`: every point of the plan checked first (a refusal runs nothing),
// then run on the pool, with progress on stderr; the rows, or the search's answer, on stdout.

/** The problems that refuse the sweep, or the points' texts (the base's notes for stderr). */
export function preparedSweep(args: CliArgs, plan: SweepPlan) {
  const base = sweepBase(args);
  const seeds = Array.from({ length: plan.seeds }, (_, i) => base.seed + i);
  const problems = [...base.problems];
  const points = plan.find === null ? gridPoints(plan.dimensions) : [];
  // A search's later points lie between its first ones: checking those checks the range.
  const checked =
    plan.find === null ? points : firstValues(plan.dimensions, plan.find.precision).map((v) => [v]);
  if (problems.length === 0) {
    for (const values of checked) {
      for (const seed of seeds) {
        const label = `${pointLabel(plan.dimensions, values)}${plan.seeds > 1 ? `, seed=${seed}` : ""}`;
        problems.push(
          ...pointProblems(args, pointText(base.text, plan.dimensions, values, seed), label),
        );
      }
    }
  }
  return { base, seeds, points, problems: [...new Set(problems)], notes: base.notes };
}

export async function runSweep(
  args: CliArgs,
  plan: SweepPlan,
  prepared: ReturnType<typeof preparedSweep>,
  runner: PointRunner,
  io: CliIo,
): Promise<void> {
  const { base, seeds, points } = prepared;
  if (plan.find !== null) {
    io.out(await searchThreshold(args, plan, base, seeds, runner, io));
    return;
  }
  const textOf = (values: PointValues, seed: number) =>
    pointText(base.text, plan.dimensions, values, seed);
  const jobs = points.flatMap((values) =>
    seeds.map((seed) => ({ text: textOf(values, seed), durationS: args.durationS })),
  );
  const batch = batchRunner(runner, io, jobs.length);
  const results = await batch.run(jobs);
  batch.finish(plan.jobs);
  const swept = points.map((values, p) => ({
    values,
    link: `#${textOf(values, seeds[0] as number)}`,
    runs: seeds.map((seed, s) => ({
      seed,
      result: results[p * seeds.length + s] as PointResult,
    })),
  }));
  io.out(sweepText(plan.dimensions, swept, plan.output, plan.figures));
}
