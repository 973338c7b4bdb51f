import { NUMBER } from "./dimension.ts";
import { FIGURE_IDS } from "./figures.ts";
import type { SweepTexts } from "./texts.ts";

// --find and --precision read: the test `<figure><op><number>` on one of the sweep's figures, and
// how narrow the search's bracket must end.

export const OPS = [">=", "<=", "!=", ">", "<", "="] as const;
export type Op = (typeof OPS)[number];

export interface Predicate {
  readonly text: string;
  readonly figure: string;
  readonly op: Op;
  readonly value: number;
}

export function readFind(
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
