import * as v from "valibot";
import { type Nanos, NS_PER_S } from "../time.ts";

// Numbers and seconds as they appear in a link. Seconds are split at the point and scaled apart,
// so a time written by `formatSeconds` reads back as the very same integer of nanoseconds.

// Unambiguous (no nested or adjacent repeats), so a long hostile string is rejected in linear time.
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const SECONDS = /^(\d+)(?:\.(\d+))?$/;

const decimalNumber = v.pipe(v.string(), v.regex(DECIMAL), v.toNumber(), v.finite());

/** A non-negative decimal number (`0.5`, `200`, `1e-7`), or undefined for anything else. */
export function parseNumber(text: string): number | undefined {
  const result = v.safeParse(decimalNumber, text);
  return result.success ? result.output : undefined;
}

export type NumberRange = { readonly min: number; readonly max: number; readonly integer: boolean };

const inRange = ({ min, max, integer }: NumberRange) =>
  v.pipe(
    v.number(),
    v.minValue(min),
    v.maxValue(max),
    v.check((n) => !integer || Number.isInteger(n)),
  );

/** A number written as text, if it is one and lies in `range`. */
export function readNumber(text: string, range: NumberRange): number | undefined {
  const number = parseNumber(text);
  return number !== undefined && v.is(inRange(range), number) ? number : undefined;
}

/** The shortest text that reads back as the same number. */
export const formatNumber = (value: number): string => String(value);

/** Seconds written as a plain decimal (`120`, `0.25`), as integer nanoseconds, rounded. */
export function parseSeconds(text: string): Nanos | undefined {
  const match = SECONDS.exec(text);
  if (match === null) return undefined;
  const whole = Number(match[1]);
  const fraction = match[2] === undefined ? 0 : Math.round(Number(`0.${match[2]}`) * NS_PER_S);
  const ns = whole * NS_PER_S + fraction;
  return Number.isSafeInteger(ns) ? ns : undefined;
}

/** The last second the model's clock can hold (integer nanoseconds within 2^53). */
export const MAX_SECONDS = Math.floor(Number.MAX_SAFE_INTEGER / NS_PER_S);

/** Why `text` is not a time `parseSeconds` reads (call it only when it is not). */
export function secondsProblem(text: string): string {
  return SECONDS.test(text)
    ? `the time ${text} is later than the simulated clock reaches (${MAX_SECONDS} s)`
    : `the time "${text}" is not a number of seconds ≥ 0`;
}

/** A key's unit as it reads after a number: `ms`, `s`, `per second`, `bytes` ("" for none). */
const unitWords = (unit: string): string =>
  unit === "/s" ? "per second" : unit === "B" ? "bytes" : unit;

/** "an integer 0 … 5000", "a number 0 … 60000 ms": what a range accepts, in words, unit included. */
export const rangeText = ({ min, max, integer }: NumberRange, unit = ""): string =>
  `${integer ? "an integer" : "a number"} ${min} … ${max}${unit === "" ? "" : ` ${unitWords(unit)}`}`;

/** Why a number written with its unit (`3500ms`) is refused: links carry the number alone. */
export function unitSuffixProblem(text: string, unit: string): string | undefined {
  const match = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-zµ/]+)\s*$/i.exec(text);
  if (match === null || unit === "") return undefined;
  return `write the number alone, without "${match[2]}": the value is in ${unitWords(unit)}`;
}

/** Integer nanoseconds as decimal seconds, exactly, without trailing zeros. */
export function formatSeconds(ns: Nanos): string {
  const whole = Math.floor(ns / NS_PER_S);
  const fraction = ns - whole * NS_PER_S;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(9, "0").replace(/0+$/, "")}`;
}
