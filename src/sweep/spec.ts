import {
  type Dimension,
  type GateDimension,
  type NumberDimension,
  readDimension,
  spaced,
} from "./dimension.ts";
import { FIGURE_IDS } from "./figures.ts";
import {
  MAX_JOBS,
  MAX_POINTS,
  MAX_SEEDS,
  OUTPUTS,
  SWEEP_CAP_S,
  type SweepOutput,
} from "./flags.ts";
import { searchRuns } from "./grid.ts";
import { type Predicate, readFind } from "./predicate.ts";
import type { SweepTexts } from "./texts.ts";

// The sweep flags read into a plan: the dimensions (each a key and its values), the seeds, the
// output and, for --find, the predicate and the precision. Every problem is collected, in the
// scenario errors' manner: what was given, what is wrong with it, what is allowed.

export interface SweepPlan {
  readonly dimensions: readonly Dimension[];
  readonly seeds: number;
  readonly output: SweepOutput;
  /** The figures to print (their ids, in order), or null for every figure with data. */
  readonly figures: readonly string[] | null;
  readonly jobs: number;
  readonly find: { readonly predicate: Predicate; readonly precision: number } | null;
}

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
  // A search picks its own points: a --find refused for its own fault asks for no --points.
  const counts =
    texts.find === undefined
      ? readPoints(texts.points, Math.min(2, numeric.length + unread), problems)
      : [];
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
