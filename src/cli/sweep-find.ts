import type { CliArgs } from "./args.ts";
import { answerText, type SeedSearch } from "./sweep-answer.ts";
import { type Dimension, type NumberDimension, valueText } from "./sweep-dimension.ts";
import { FIGURE_IDS } from "./sweep-figures.ts";
import { searchRuns, searchUnit } from "./sweep-grid.ts";
import type { PointResult } from "./sweep-point.ts";
import { pointText } from "./sweep-points.ts";
import type { PointRunner } from "./sweep-pool.ts";
import type { Predicate } from "./sweep-predicate.ts";
import { batchRunner, type SweepIo } from "./sweep-progress.ts";
import type { SweepPlan } from "./sweep-spec.ts";

// `--find 'fallbacks>0' --sweep 'lag=0..10000' --precision 10`: where the test changes. The range's
// ends and the points at ¼, ½ and ¾ of the range run first (five runs at once: the spot check of monotonicity), then the
// bracket where the test first changes from the low end is cut in thirds, two runs a round, until
// it is no wider than the precision. The points run depend only on the range, the precision and
// the answers, never on --jobs, so the answer is the same whatever the number of threads. Each
// seed is searched on its own; the rounds of all seeds run together.

const only = (dimensions: readonly Dimension[]) => dimensions[0] as NumberDimension;

const snap = (value: number, unit: number) =>
  Number((Math.round(value / unit) * unit).toPrecision(12));

/** The ends and the points at ¼, ½ and ¾ of the range, in order, without repeats. */
export function firstValues(dimensions: readonly Dimension[], precision: number): number[] {
  const d = only(dimensions);
  const unit = searchUnit(d, precision);
  const inner = [1, 2, 3].map((i) => snap(d.from + ((d.to - d.from) * i) / 4, unit));
  const values = [d.from, ...inner.filter((v) => v > d.from && v < d.to), d.to];
  return [...new Set(values)];
}

function holds(predicate: Predicate, result: PointResult): boolean {
  const value = result.figures[FIGURE_IDS.indexOf(predicate.figure)] ?? null;
  if (value === null) return false;
  switch (predicate.op) {
    case ">":
      return value > predicate.value;
    case ">=":
      return value >= predicate.value;
    case "<":
      return value < predicate.value;
    case "<=":
      return value <= predicate.value;
    case "=":
      return value === predicate.value;
    case "!=":
      return value !== predicate.value;
  }
}

/** The first change from the low end, and every later change back, over probes in key order. */
function settle(search: SeedSearch, key: string): void {
  search.probes.sort((a, b) => a.value - b.value);
  const changes = search.probes.flatMap((probe, i) => {
    const before = search.probes[i - 1];
    return before !== undefined && before.holds !== probe.holds ? [[before, probe] as const] : [];
  });
  const [first, ...later] = changes;
  search.bracket = first === undefined ? null : [first[0], first[1]];
  for (const [, probe] of later) {
    const turn = `${key}=${valueText(probe.value)}`;
    if (!search.turns.includes(turn)) search.turns.push(turn);
  }
}

/** The values to run next inside the bracket: its thirds (whole numbers for a whole key). */
function nextValues(search: SeedSearch, d: NumberDimension, precision: number): number[] {
  if (search.bracket === null) return [];
  const [low, high] = search.bracket;
  const width = high.value - low.value;
  if (width <= precision) return [];
  const unit = searchUnit(d, precision);
  const inside = [1, 2]
    .map((i) => snap(low.value + (width * i) / 3, unit))
    .filter((v) => v > low.value && v < high.value);
  return [...new Set(inside)];
}

export async function searchThreshold(
  args: CliArgs,
  plan: SweepPlan,
  base: { text: string },
  seeds: readonly number[],
  runner: PointRunner,
  io: SweepIo,
): Promise<string> {
  const find = plan.find;
  if (find === null) throw new Error("searchThreshold needs --find");
  const d = only(plan.dimensions);
  const searches: SeedSearch[] = seeds.map((seed) => ({
    seed,
    probes: [],
    bracket: null,
    turns: [],
  }));
  const textOf = (value: number, seed: number) =>
    pointText(base.text, plan.dimensions, [value], seed);
  const maxRuns = searchRuns(d, find.precision) * seeds.length;
  const batch = batchRunner(runner, io, maxRuns, true);
  let asks = searches.map((search) => ({
    search,
    values: firstValues(plan.dimensions, find.precision),
  }));
  while (asks.some((ask) => ask.values.length > 0)) {
    const jobs = asks.flatMap(({ search, values }) =>
      values.map((value) => ({ search, value, text: textOf(value, search.seed) })),
    );
    const results = await batch.run(
      jobs.map((job) => ({ text: job.text, durationS: args.durationS })),
    );
    jobs.forEach((job, i) => {
      const result = results[i] as PointResult;
      job.search.probes.push({
        value: job.value,
        text: job.text,
        result,
        holds: holds(find.predicate, result),
      });
    });
    for (const search of searches) settle(search, d.key);
    asks = searches.map((search) => ({ search, values: nextValues(search, d, find.precision) }));
  }
  batch.finish(plan.jobs);
  return answerText(plan, d, searches);
}
