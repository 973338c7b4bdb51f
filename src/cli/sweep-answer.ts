import { type NumberDimension, valueText } from "./sweep-dimension.ts";
import { FIGURE_IDS } from "./sweep-figures.ts";
import { spread } from "./sweep-output.ts";
import type { PointResult } from "./sweep-point.ts";
import type { SweepPlan } from "./sweep-spec.ts";

// A threshold search's answer as text, seed by seed: the bracket's two runs with their figure and
// link and the threshold between them, or in words that the test holds (or fails) over the whole
// range; whether the test was monotone at every point run; and with several seeds, the spread.

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

type Find = NonNullable<SweepPlan["find"]>;

interface Answer {
  seed: number;
  answer: "threshold" | "holds over the whole range" | "fails over the whole range";
  bracket: [Probe, Probe] | null;
  threshold: number | null;
  turns: string[];
  runs: number;
}

function answerOf(search: SeedSearch): Answer {
  const { seed, turns, bracket } = search;
  const base = { seed, turns, runs: search.probes.length, bracket };
  if (bracket === null) {
    const all = search.probes[0]?.holds === true;
    const answer = all ? "holds over the whole range" : "fails over the whole range";
    return { ...base, answer, threshold: null };
  }
  return { ...base, answer: "threshold", threshold: (bracket[0].value + bracket[1].value) / 2 };
}

const link = (probe: Probe) => `#${probe.text}`;

/** The tested figure at a probe (null: no data). */
const figureOf = (find: Find, probe: Probe) =>
  probe.result.figures[FIGURE_IDS.indexOf(find.predicate.figure)] ?? null;

function jsonLines(find: Find, d: NumberDimension, answers: readonly Answer[]): string {
  const side = (probe: Probe | undefined) =>
    probe === undefined
      ? null
      : { value: probe.value, [find.predicate.figure]: figureOf(find, probe), link: link(probe) };
  const line = (a: Answer) => ({
    find: find.predicate.text,
    key: d.key,
    seed: a.seed,
    answer: a.answer,
    threshold: a.threshold,
    low: side(a.bracket?.[0]),
    high: side(a.bracket?.[1]),
    monotone: a.turns.length === 0,
    turns: a.turns,
    runs: a.runs,
  });
  return answers.map((a) => `${JSON.stringify(line(a))}\n`).join("");
}

function csv(find: Find, answers: readonly Answer[]): string {
  const figure = (probe: Probe | undefined) => {
    const value = probe === undefined ? null : figureOf(find, probe);
    return value === null ? "" : String(value);
  };
  const cells = (a: Answer) => {
    const [low, high] = a.bracket ?? [];
    return [
      a.seed,
      a.answer,
      low === undefined ? "" : valueText(low.value),
      high === undefined ? "" : valueText(high.value),
      a.threshold === null ? "" : valueText(a.threshold),
      figure(low),
      figure(high),
      a.turns.length === 0,
      a.runs,
      low === undefined ? "" : link(low),
      high === undefined ? "" : link(high),
    ];
  };
  const head =
    "seed,answer,low,high,threshold,low_figure,high_figure,monotone,runs,low_link,high_link";
  return [head, ...answers.map((a) => cells(a).join(","))].map((line) => `${line}\n`).join("");
}

function table(find: Find, d: NumberDimension, answers: readonly Answer[]): string {
  const { predicate } = find;
  const range = `${d.key}=${d.template.replace("{}", `${valueText(d.from)}..${valueText(d.to)}`)}`;
  const at = (probe: Probe) => `${d.key}=${valueText(probe.value)}`;
  const figure = (probe: Probe) => {
    const value = figureOf(find, probe);
    return value === null ? "no data" : valueText(value);
  };
  const side = (probe: Probe) =>
    `  ${at(probe)} (${predicate.text} ${probe.holds ? "holds" : "fails"}: ${predicate.figure}=${figure(probe)}): ${link(probe)}`;
  const lines = answers.flatMap((a) => {
    const head = `${predicate.text} over ${range} (precision ${valueText(find.precision)}), seed ${a.seed}: `;
    const monotone =
      a.turns.length === 0
        ? `  monotone at every point run (${a.runs} runs)`
        : `  NOT monotone: the test changes back at ${a.turns.join(", ")}; the bracket is where it first changes from ${valueText(d.from)}`;
    if (a.bracket === null) {
      const ends = `from ${d.key}=${valueText(d.from)} to ${d.key}=${valueText(d.to)}`;
      return [
        `${head}${a.answer}: at every point run, ${ends}; no threshold in this range`,
        monotone,
      ];
    }
    const [low, high] = a.bracket;
    const threshold = valueText(a.threshold as number);
    return [
      `${head}changes between ${at(low)} and ${at(high)}, threshold ≈ ${threshold}`,
      side(low),
      side(high),
      monotone,
    ];
  });
  const thresholds = spread(answers.map((a) => a.threshold));
  if (answers.length > 1 && thresholds !== null) {
    const some = answers.filter((a) => a.threshold !== null).length;
    const { min, median, max } = thresholds;
    lines.push(
      `spread of the threshold over ${answers.length} seeds (${some} with a threshold): min ${valueText(min)}, median ${valueText(median)}, max ${valueText(max)}`,
    );
  }
  return lines.map((line) => `${line}\n`).join("");
}

export function answerText(plan: SweepPlan, d: NumberDimension, searches: readonly SeedSearch[]) {
  if (plan.find === null) throw new Error("answerText needs --find");
  const answers = searches.map(answerOf);
  if (plan.output === "jsonl") return jsonLines(plan.find, d, answers);
  if (plan.output === "csv") return csv(plan.find, answers);
  return table(plan.find, d, answers);
}
