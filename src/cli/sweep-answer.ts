import { type NumberDimension, valueText } from "../sweep/dimension.ts";
import { type Answer, type Find, figureAt, type Probe } from "../sweep/find.ts";
import type { SweepPlan } from "../sweep/spec.ts";
import { spread } from "../sweep/spread.ts";

// A threshold search's answer as text, seed by seed: the bracket's two runs with their figure and
// link and the threshold between them, or in words that the test holds (or fails) over the whole
// range; whether the test was monotone at every point run; and with several seeds, the spread.

const link = (probe: Probe) => `#${probe.text}`;

/** The tested figure at a probe (null: no data). */
const figureOf = (find: Find, probe: Probe) => figureAt(find.predicate, probe.result);

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

export function answerText(plan: SweepPlan, answers: readonly Answer[]) {
  if (plan.find === null) throw new Error("answerText needs --find");
  const d = plan.dimensions[0] as NumberDimension;
  if (plan.output === "jsonl") return jsonLines(plan.find, d, answers);
  if (plan.output === "csv") return csv(plan.find, answers);
  return table(plan.find, d, answers);
}
