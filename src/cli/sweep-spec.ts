import { allowedText, SCENARIO_KEYS, type ScenarioKey } from "../sim/scenario/index.ts";
import type { SweepTexts } from "./args.ts";
import { FIGURE_IDS } from "./sweep-figures.ts";
import {
  MAX_JOBS,
  MAX_POINTS,
  MAX_SEEDS,
  OUTPUTS,
  SWEEP_CAP_S,
  type SweepOutput,
} from "./sweep-flags.ts";
import { searchRuns } from "./sweep-grid.ts";

// The sweep flags read into a plan: the dimensions (each a key and its values), the seeds, the
// output and, for --find, the predicate and the precision. Every problem is collected, in the
// scenario errors' manner: what was given, what is wrong with it, what is allowed.

/** A numeric key's values: `template` is the key's value text with `{}` where A..B stood. */
export interface NumberDimension {
  readonly kind: "number";
  readonly key: string;
  readonly template: string;
  readonly from: number;
  readonly to: number;
  /** Whole-number values only (a bare range of a whole-number key). */
  readonly integer: boolean;
  readonly values: readonly number[];
}

export interface GateDimension {
  readonly kind: "gate";
  readonly gate: string;
  readonly values: readonly boolean[];
}

export type Dimension = NumberDimension | GateDimension;

export const OPS = [">=", "<=", "!=", ">", "<", "="] as const;
export type Op = (typeof OPS)[number];

export interface Predicate {
  readonly text: string;
  readonly figure: string;
  readonly op: Op;
  readonly value: number;
}

export interface SweepPlan {
  readonly dimensions: readonly Dimension[];
  readonly seeds: number;
  readonly output: SweepOutput;
  /** The figures to print (their ids, in order), or null for every figure with data. */
  readonly figures: readonly string[] | null;
  readonly jobs: number;
  readonly find: { readonly predicate: Predicate; readonly precision: number } | null;
}

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const RANGE = new RegExp(`(${NUMBER})\\.\\.(${NUMBER})`, "g");
const NOT_NUMERIC = new Set(["choice", "text", "switches", "gates"]);

/** A value as a point's link writes it: whole, or to ten significant digits. */
export const valueText = (value: number) => String(Number(value.toPrecision(10)));

export const isSweep = (texts: SweepTexts) => texts.sweeps.length > 0;

/** The plan, or null with the problems that refuse it (none when no sweep flag was given). */
export function readSweep(
  texts: SweepTexts,
  context: { durationS: number; cores: number },
): { plan: SweepPlan | null; problems: string[] } {
  const problems: string[] = [];
  if (!isSweep(texts)) {
    for (const [name, value] of Object.entries(texts)) {
      if (typeof value === "string") problems.push(`--${name} applies only to --sweep`);
    }
    return { plan: null, problems };
  }
  if (texts.formatGiven) {
    problems.push(
      `--format does not apply to a sweep: its output is chosen by --output ${OUTPUTS.join("|")}`,
    );
  }
  const parsed = texts.sweeps.map((text) => readDimension(text, problems));
  const numeric = parsed.filter((d): d is Omit<NumberDimension, "values"> => d?.kind === "number");
  const gates = parsed.filter((d): d is GateDimension => d?.kind === "gate");
  // A refused --sweep was meant to be one: --points is still checked against it.
  const unread = parsed.filter((d) => d === null).length;
  if (numeric.length > 2) problems.push("--sweep: at most two numeric keys (a grid) may be swept");
  const keys = numeric.map((d) => d.key);
  for (const key of new Set(keys.filter((key, i) => keys.indexOf(key) !== i))) {
    problems.push(`--sweep: ${key} is swept twice; a key takes one range`);
  }
  if (gates.length > 1) problems.push("--sweep: at most one gate may be swept");
  const find =
    texts.find === undefined ? null : readFind(texts, numeric.length, gates.length, problems);
  const counts =
    find === null ? readPoints(texts.points, Math.min(2, numeric.length + unread), problems) : [];
  const dimensions: Dimension[] = [];
  let numberIndex = 0;
  for (const dimension of parsed) {
    if (dimension === null) continue;
    if (dimension.kind === "gate") dimensions.push(dimension);
    else {
      const count = counts[numberIndex++];
      dimensions.push({
        ...dimension,
        values: count === undefined ? [] : spaced(dimension, count, problems),
      });
    }
  }
  const seeds = readCount("seeds", texts.seeds, 1, MAX_SEEDS, problems) ?? 1;
  if (seeds > 1 && dimensions.some((d) => d.kind === "number" && d.key === "seed")) {
    problems.push("--seeds cannot be used while the seed itself is swept");
  }
  const jobs =
    readCount("jobs", texts.jobs, 1, MAX_JOBS, problems) ?? Math.min(MAX_JOBS, context.cores);
  const output = readOutput(texts.output, problems);
  const figures = readFigures(texts.figures, find !== null, problems);
  if (problems.length === 0) {
    const runs =
      find === null
        ? dimensions.reduce((n, d) => n * d.values.length, 1)
        : searchRuns(dimensions[0] as NumberDimension, find.precision);
    checkCap(runs, seeds, context.durationS, find !== null, problems);
  }
  if (problems.length > 0) return { plan: null, problems };
  return { plan: { dimensions, seeds, output, figures, jobs, find }, problems };
}

function readDimension(
  text: string,
  problems: string[],
): Omit<NumberDimension, "values"> | GateDimension | null {
  const flag = `--sweep '${text}'`;
  const match = /^([A-Za-z]+)=(.*)$/s.exec(text);
  if (match === null) {
    problems.push(`${flag} is not KEY=A..B, such as lag=2000..4000 or gates=<Gate>`);
    return null;
  }
  const key = match[1] as string;
  const value = match[2] as string;
  if (!(key in SCENARIO_KEYS)) {
    problems.push(`${flag}: "${key}" is not a scenario key (the keys are listed in --help)`);
    return null;
  }
  const spec = SCENARIO_KEYS[key as ScenarioKey].value;
  if (key === "gates") {
    if (/^[A-Za-z]+$/.test(value)) return { kind: "gate", gate: value, values: [false, true] };
    problems.push(
      `${flag}: gates is swept by one gate's name, such as gates=ConsistentListFromCacheSkipTimeoutFallback (off, then on)`,
    );
    return null;
  }
  if (NOT_NUMERIC.has(spec.kind)) {
    problems.push(
      `${flag}: ${key} is not numeric (it takes ${allowedText(spec)}); a sweep varies a number`,
    );
    return null;
  }
  const ranges = [...value.matchAll(RANGE)];
  if (ranges.length !== 1) {
    problems.push(
      `${flag}: the value needs exactly one range A..B of plain numbers, such as ${key}=2000..4000 or herd=500@10..60`,
    );
    return null;
  }
  const range = ranges[0] as RegExpExecArray;
  const from = Number(range[1]);
  const to = Number(range[2]);
  if (from >= to) {
    problems.push(
      `${flag}: the range ${range[0]} ${from === to ? "is empty" : "runs backwards"}; write the smaller end first, A < B`,
    );
    return null;
  }
  const bare = range[0] === value;
  if (
    bare &&
    (spec.kind === "number" || spec.kind === "schedule") &&
    (from < spec.min || to > spec.max)
  ) {
    problems.push(
      `${flag}: ${key} takes ${allowedText({ ...spec, kind: "number" }, SCENARIO_KEYS[key as ScenarioKey].unit)}`,
    );
    return null;
  }
  const integer = bare && "integer" in spec && spec.integer === true;
  const template = `${value.slice(0, range.index)}{}${value.slice(range.index + range[0].length)}`;
  return { kind: "number", key, template, from, to, integer };
}

/** `count` values from `from` to `to`, both ends included (whole numbers for a whole key). */
function spaced(
  dimension: Omit<NumberDimension, "values">,
  count: number,
  problems: string[],
): number[] {
  const { from, to, integer, key } = dimension;
  const values = Array.from({ length: count }, (_, i) => {
    const value = i === count - 1 ? to : from + ((to - from) * i) / (count - 1);
    return integer ? Math.round(value) : Number(value.toPrecision(10));
  });
  if (new Set(values).size < values.length) {
    problems.push(
      `--points ${count}: ${key} takes whole numbers, and ${from}..${to} holds only ${to - from + 1}; ask for at most that many points`,
    );
  }
  return values;
}

function readPoints(text: string | undefined, numeric: number, problems: string[]): number[] {
  if (numeric === 0) {
    if (text !== undefined)
      problems.push("--points applies to a numeric --sweep; a gate has two values, off and on");
    return [];
  }
  const allowed = `2 … ${MAX_POINTS} (both ends included)`;
  if (text === undefined) {
    problems.push(
      `--sweep needs --points: how many values, ${allowed}${numeric === 2 ? ", or N,M for the two keys" : ""}`,
    );
    return [];
  }
  const parts = text.split(",");
  if (parts.length > numeric) {
    problems.push(`--points "${text}" gives ${parts.length} counts for ${numeric} numeric --sweep`);
    return [];
  }
  const counts = parts.map((part) => readCount("points", part, 2, MAX_POINTS, problems, allowed));
  if (counts.some((count) => count === undefined)) return [];
  const defined = counts as number[];
  return numeric === 2 && defined.length === 1
    ? [defined[0] as number, defined[0] as number]
    : defined;
}

function readCount(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
  problems: string[],
  allowed = `a whole number ${min} … ${max}`,
): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (value >= min && value <= max) return value;
  problems.push(
    `--${name} "${text}" is not ${name === "points" ? `a count of points ${allowed}` : allowed}`,
  );
  return undefined;
}

function readOutput(text: string | undefined, problems: string[]): SweepOutput {
  if (text === undefined) return "table";
  if ((OUTPUTS as readonly string[]).includes(text)) return text as SweepOutput;
  problems.push(`--output "${text}" is not one of ${OUTPUTS.join(", ")}`);
  return "table";
}

function readFigures(text: string | undefined, search: boolean, problems: string[]) {
  if (text === undefined) return null;
  if (search) {
    problems.push("--figures applies to a sweep's rows; --find prints the figure it tests");
    return null;
  }
  const ids = text.split(",").map((id) => id.trim());
  const unknown = ids.filter((id) => !FIGURE_IDS.includes(id));
  if (unknown.length > 0) {
    const names = unknown.map((id) => `"${id}"`).join(", ");
    problems.push(
      `--figures: ${names} ${unknown.length === 1 ? "is not a figure" : "are not figures"}; the figures are ${FIGURE_IDS.join(", ")}`,
    );
    return null;
  }
  return ids;
}

function readFind(
  texts: SweepTexts,
  numeric: number,
  gates: number,
  problems: string[],
): { predicate: Predicate; precision: number } | null {
  const text = texts.find ?? "";
  if (numeric !== 1 || gates !== 0) {
    problems.push(`--find '${text}' searches exactly one numeric --sweep range (no gate, no grid)`);
  }
  if (texts.points !== undefined) {
    problems.push("--points does not apply to --find: it narrows the range to --precision");
  }
  const predicate = readPredicate(text, problems);
  let precision: number | undefined;
  if (texts.precision === undefined) {
    problems.push(
      "--find needs --precision: how narrow the bracket must end, in the swept key's unit, a number > 0",
    );
  } else {
    const value = /^\s*\d+(\.\d+)?\s*$/.test(texts.precision)
      ? Number(texts.precision)
      : Number.NaN;
    if (value > 0) precision = value;
    else
      problems.push(
        `--precision "${texts.precision}" is not a number > 0 (in the swept key's unit)`,
      );
  }
  return predicate === null || precision === undefined ? null : { predicate, precision };
}

export function readPredicate(text: string, problems: string[]): Predicate | null {
  const match = new RegExp(`^\\s*([A-Za-z_0-9]+)\\s*(>=|<=|!=|>|<|==?)\\s*(-?${NUMBER})\\s*$`).exec(
    text,
  );
  if (match === null) {
    problems.push(
      `--find '${text}' is not <figure><op><number>, such as fallbacks>0 (op: ${OPS.join(" ")})`,
    );
    return null;
  }
  const figure = match[1] as string;
  if (!FIGURE_IDS.includes(figure)) {
    problems.push(
      `--find '${text}': "${figure}" is not a figure; the figures are ${FIGURE_IDS.join(", ")}`,
    );
    return null;
  }
  const op = (match[2] === "==" ? "=" : match[2]) as Op;
  return { text: text.trim(), figure, op, value: Number(match[3]) };
}

function checkCap(
  runs: number,
  seeds: number,
  durationS: number,
  search: boolean,
  problems: string[],
): void {
  const total = runs * seeds * durationS;
  if (total <= SWEEP_CAP_S) return;
  const count = runs.toLocaleString("en-US");
  const what = search ? `a search of up to ${count} runs` : `${count} points`;
  problems.push(
    `the sweep asks for ${what} × ${seeds} seed${seeds === 1 ? "" : "s"} × ${durationS} s = ${total.toLocaleString("en-US")} simulated seconds, over the cap of ${SWEEP_CAP_S.toLocaleString("en-US")} (points × seeds × --duration): use fewer points or seeds, a coarser --precision or a shorter --duration`,
  );
}
