import type { NumberRange } from "../../model/index.ts";
import { allowedText, echo, readNumber } from "../../model/index.ts";

// What a typed field accepts, in the words of the scenario's key table (allowedText), so a field
// refuses exactly what a link would and says so in the same terms.

export interface FieldRule {
  /** Completes "expected …". */
  expected: string;
  accepts: (text: string) => boolean;
}

/** A number in one of the key table's ranges, in `unit` (named in the refusal). */
export function rangeRule({ min, max, integer }: NumberRange, unit = ""): FieldRule {
  const range = { min, max, integer };
  return {
    expected: allowedText({ kind: "number", ...range }, unit),
    accepts: (text) => readNumber(text.trim(), range) !== undefined,
  };
}

/** Seconds or milliseconds that must be more than zero (a stall's or an absence's length). */
export const positiveRule = (unit: string): FieldRule => ({
  expected: `a number of ${unit} > 0`,
  accepts: (text) => {
    const value = readNumber(text.trim(), { min: 0, max: Number.MAX_VALUE, integer: false });
    return value !== undefined && value > 0;
  },
});

/** Plain text of at most `maxChars` characters (the scenario's name). */
export const textRule = (maxChars: number): FieldRule => ({
  expected: allowedText({ kind: "text", maxChars }),
  accepts: (text) => [...text].length <= maxChars,
});

/** The sentence beside a field that refused `text`. */
export const refusal = (label: string, text: string, rule: FieldRule, kept: string): string =>
  `${label}: "${echo(text, 24)}" refused: expected ${rule.expected}. Kept ${kept === "" ? "(empty)" : kept}.`;

/** The sentence beside a field whose typed text would be refused. */
export const notAllowed = (label: string, text: string, rule: FieldRule): string =>
  `${label}: "${echo(text, 24)}" is not allowed: expected ${rule.expected}.`;
