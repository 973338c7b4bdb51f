import { type Dimension, type NumberDimension, valueText } from "./dimension.ts";
import { FIGURE_IDS } from "./figures.ts";
import { searchRuns, searchUnit } from "./grid.ts";
import type { PointJob, PointResult } from "./point.ts";
import { pointText } from "./points.ts";
import type { Predicate } from "./predicate.ts";

// `--find 'fallbacks>0' --sweep 'lag=0..10000' --precision 10`: where the test changes. The range's
// ends and the points at ¼, ½ and ¾ of the range run first (five runs at once: the spot check of
// monotonicity), then the bracket where the test first changes from the low end is cut in thirds,
// two runs a round, until it is no wider than the precision. The points run depend only on the
// range, the precision and the answers, never on how many threads or workers run them, so the
// command line and the page find the same threshold. Each seed is searched on its own; the rounds
// of all seeds run together.

/** A point the search ran: its value, its scenario text, its figures, and the test's verdict. */
export interface Probe {
  readonly value: number;
  readonly text: string;
  readonly result: PointResult;
  readonly holds: boolean;
}

export interface SeedSearch {
  readonly seed: number;
  probes: Probe[];
  /** The last probe on the low side and the first on the high side of the change. */
  bracket: [Probe, Probe] | null;
  /** Points where the test changed back: the figure is not monotone in the key there. */
  readonly turns: string[];
}

export interface Find {
  readonly predicate: Predicate;
  readonly precision: number;
}

/** Runs a batch of points; the results in the jobs' order. */
export type BatchRun = (jobs: readonly PointJob[]) => Promise<PointResult[]>;

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

/** The most runs the search of `seeds` seeds can take (progress counts up to it). */
export const maxSearchRuns = (dimensions: readonly Dimension[], find: Find, seeds: number) =>
  searchRuns(only(dimensions), find.precision) * seeds;

/** The predicate's figure at a point (null: no data). */
export const figureAt = (predicate: Predicate, result: PointResult) =>
  result.figures[FIGURE_IDS.indexOf(predicate.figure)] ?? null;

function holds(predicate: Predicate, result: PointResult): boolean {
  const value = figureAt(predicate, result);
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

/** Every seed's search over `base`, each point run for `durationS` by `run`. */
export async function searchSeeds(
  dimensions: readonly Dimension[],
  find: Find,
  base: string,
  seeds: readonly number[],
  durationS: number,
  run: BatchRun,
): Promise<SeedSearch[]> {
  const d = only(dimensions);
  const searches: SeedSearch[] = seeds.map((seed) => ({
    seed,
    probes: [],
    bracket: null,
    turns: [],
  }));
  let asks = searches.map((search) => ({
    search,
    values: firstValues(dimensions, find.precision),
  }));
  while (asks.some((ask) => ask.values.length > 0)) {
    const jobs = asks.flatMap(({ search, values }) =>
      values.map((value) => ({
        search,
        value,
        text: pointText(base, dimensions, [value], search.seed),
      })),
    );
    const results = await run(jobs.map((job) => ({ text: job.text, durationS })));
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
  return searches;
}

/** A seed's answer: the threshold midway in its bracket, or the test's verdict over the range. */
export interface Answer {
  seed: number;
  answer: "threshold" | "holds over the whole range" | "fails over the whole range";
  bracket: [Probe, Probe] | null;
  threshold: number | null;
  turns: string[];
  runs: number;
}

export function answerOf(search: SeedSearch): Answer {
  const { seed, turns, bracket } = search;
  const base = { seed, turns, runs: search.probes.length, bracket };
  if (bracket === null) {
    const all = search.probes[0]?.holds === true;
    const answer = all ? "holds over the whole range" : "fails over the whole range";
    return { ...base, answer, threshold: null };
  }
  return { ...base, answer: "threshold", threshold: (bracket[0].value + bracket[1].value) / 2 };
}
