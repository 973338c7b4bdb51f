import type { CliArgs } from "./args.ts";
import { FIGURE_IDS } from "./sweep-figures.ts";
import { searchRuns, searchUnit } from "./sweep-grid.ts";
import { spread } from "./sweep-output.ts";
import type { PointResult } from "./sweep-point.ts";
import { pointText } from "./sweep-points.ts";
import type { PointRunner } from "./sweep-pool.ts";
import { batchRunner, type SweepIo } from "./sweep-progress.ts";
import {
  type Dimension,
  type NumberDimension,
  type Predicate,
  type SweepPlan,
  valueText,
} from "./sweep-spec.ts";

// `--find 'fallbacks>0' --sweep 'lag=0..10000' --precision 10`: where the test changes. The range's
// ends and quarter points run first (five runs at once: the spot check of monotonicity), then the
// bracket where the test first changes from the low end is cut in thirds, two runs a round, until
// it is no wider than the precision. The points run depend only on the range, the precision and
// the answers, never on --jobs, so the answer is the same whatever the number of threads. Each
// seed is searched on its own; the rounds of all seeds run together.

interface Probe {
  readonly value: number;
  readonly text: string;
  readonly result: PointResult;
  readonly holds: boolean;
}

interface SeedSearch {
  readonly seed: number;
  probes: Probe[];
  /** The last probe on the low side and the first on the high side of the change. */
  bracket: [Probe, Probe] | null;
  /** Points where the test changed back: the figure is not monotone in the key there. */
  readonly turns: string[];
}

const only = (dimensions: readonly Dimension[]) => dimensions[0] as NumberDimension;

const snap = (value: number, unit: number) =>
  Number((Math.round(value / unit) * unit).toPrecision(12));

/** The ends and the quarter points of the range, in order, without repeats. */
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

interface Answer {
  seed: number;
  answer: "threshold" | "holds over the whole range" | "fails over the whole range";
  low: Probe | null;
  high: Probe | null;
  threshold: number | null;
  turns: string[];
  runs: number;
}

function answerOf(search: SeedSearch): Answer {
  const base = { seed: search.seed, turns: search.turns, runs: search.probes.length };
  if (search.bracket === null) {
    const all = search.probes[0]?.holds === true;
    return {
      ...base,
      answer: all ? "holds over the whole range" : "fails over the whole range",
      low: null,
      high: null,
      threshold: null,
    };
  }
  const [low, high] = search.bracket;
  return { ...base, answer: "threshold", low, high, threshold: (low.value + high.value) / 2 };
}

function answerText(plan: SweepPlan, d: NumberDimension, searches: readonly SeedSearch[]): string {
  const find = plan.find;
  if (find === null) return "";
  const answers = searches.map(answerOf);
  const figureIndex = FIGURE_IDS.indexOf(find.predicate.figure);
  const figureAt = (probe: Probe | null) => {
    const value = probe?.result.figures[figureIndex] ?? null;
    return value === null ? "no data" : valueText(value);
  };
  const at = (probe: Probe | null) => (probe === null ? "" : valueText(probe.value));
  const link = (probe: Probe | null) => (probe === null ? "" : `#${probe.text}`);
  if (plan.output === "jsonl") {
    return answers
      .map(
        (a) =>
          `${JSON.stringify({
            find: find.predicate.text,
            key: d.key,
            seed: a.seed,
            answer: a.answer,
            threshold: a.threshold,
            low:
              a.low === null
                ? null
                : {
                    value: a.low.value,
                    [find.predicate.figure]: a.low.result.figures[figureIndex] ?? null,
                    link: link(a.low),
                  },
            high:
              a.high === null
                ? null
                : {
                    value: a.high.value,
                    [find.predicate.figure]: a.high.result.figures[figureIndex] ?? null,
                    link: link(a.high),
                  },
            monotone: a.turns.length === 0,
            turns: a.turns,
            runs: a.runs,
          })}\n`,
      )
      .join("");
  }
  if (plan.output === "csv") {
    const head =
      "seed,answer,low,high,threshold,low_figure,high_figure,monotone,runs,low_link,high_link\n";
    return (
      head +
      answers
        .map((a) =>
          [
            a.seed,
            a.answer,
            at(a.low),
            at(a.high),
            a.threshold === null ? "" : valueText(a.threshold),
            a.low === null ? "" : figureAt(a.low),
            a.high === null ? "" : figureAt(a.high),
            a.turns.length === 0,
            a.runs,
            link(a.low),
            link(a.high),
          ].join(","),
        )
        .map((line) => `${line}\n`)
        .join("")
    );
  }
  const range = `${d.key}=${d.template.replace("{}", `${valueText(d.from)}..${valueText(d.to)}`)}`;
  const lines = answers.flatMap((a) => {
    const head = `${find.predicate.text} over ${range} (precision ${valueText(find.precision)}), seed ${a.seed}: `;
    const monotone =
      a.turns.length === 0
        ? `  monotone at every point run (${a.runs} runs)`
        : `  NOT monotone: the test changes back at ${a.turns.join(", ")}; the bracket is where it first changes from ${valueText(d.from)}`;
    if (a.low === null || a.high === null) {
      return [
        `${head}${a.answer}: at every point run, from ${d.key}=${valueText(d.from)} to ${d.key}=${valueText(d.to)}; no threshold in this range`,
        monotone,
      ];
    }
    const side = (probe: Probe) =>
      `${find.predicate.text} ${probe.holds ? "holds" : "fails"}: ${find.predicate.figure}=${figureAt(probe)}`;
    return [
      `${head}changes between ${d.key}=${at(a.low)} and ${d.key}=${at(a.high)}, threshold ≈ ${valueText(a.threshold as number)}`,
      `  ${d.key}=${at(a.low)} (${side(a.low)}): ${link(a.low)}`,
      `  ${d.key}=${at(a.high)} (${side(a.high)}): ${link(a.high)}`,
      monotone,
    ];
  });
  const thresholds = spread(answers.map((a) => a.threshold));
  if (answers.length > 1 && thresholds !== null) {
    const some = answers.filter((a) => a.threshold !== null).length;
    lines.push(
      `spread of the threshold over ${answers.length} seeds (${some} with a threshold): min ${valueText(thresholds.min)}, median ${valueText(thresholds.median)}, max ${valueText(thresholds.max)}`,
    );
  }
  return lines.map((line) => `${line}\n`).join("");
}
