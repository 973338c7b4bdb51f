import * as v from "valibot";
import { accept, type Decoded, refuse } from "./decoded.ts";
import type { K8sVersion } from "./k8s-version.ts";
import { formatNumber, type NumberRange, readNumber } from "./numeric-text.ts";
import type { Schedule } from "./schedule.ts";
import { formatSchedule, readSchedule } from "./schedule-text.ts";

// The shape of one run key's descriptor, and the makers of the common kinds: each states the
// key's words (label, unit, help), what it accepts (`value`, which the parser's errors, the UI's
// controls and the reference tables read), its default, and how its text maps to its value.

export type SchemaVersion = 1 | 2 | 3;

export type ValueSpec =
  | ({ readonly kind: "number" } & NumberRange)
  | ({ readonly kind: "schedule" } & NumberRange)
  | { readonly kind: "choice"; readonly options: readonly string[] }
  | { readonly kind: "text"; readonly maxChars: number }
  | { readonly kind: "gates" }
  | { readonly kind: "mix"; readonly kinds: readonly string[] }
  | ({ readonly kind: "limits"; readonly kinds: readonly string[] } & NumberRange)
  | { readonly kind: "switches"; readonly options: readonly string[] }
  | ({ readonly kind: "herd" } & NumberRange)
  | ({ readonly kind: "away" } & NumberRange)
  | { readonly kind: "stall" }
  | { readonly kind: "times" };

/** What a key's reader may know of the keys read before it (table order). */
export interface ReadSoFar {
  readonly v: SchemaVersion;
  readonly k8s: K8sVersion;
}

/** The words of a key. */
export interface KeyWords {
  readonly label: string;
  /** Unit of the value ("" when it has none). */
  readonly unit: string;
  /** Changing it means a new run; otherwise a live change is appended at the current time. */
  readonly restartsRun: boolean;
  readonly help: string;
}

/** The words as the key table writes them: a value without a unit leaves `unit` out. */
type GivenWords = Omit<KeyWords, "unit"> & { readonly unit?: string };

const wordsOf = (given: GivenWords): KeyWords => ({ ...given, unit: given.unit ?? "" });

/** One run key: the field of the scenario it fills is the key's own name. */
export interface KeyDescriptor<T = unknown, S extends ValueSpec = ValueSpec> extends KeyWords {
  readonly value: S;
  readonly default: T;
  /** The value `text` spells, or why not; `soFar` holds the keys before it in the table. */
  readonly read: (text: string, soFar: ReadSoFar) => Decoded<T>;
  /** The text of `value` in a link written at `scenario`'s version. */
  readonly write: (value: T, scenario: { readonly v: SchemaVersion }) => string;
}

export const int = (min: number, max: number) => ({ min, max, integer: true });
export const real = (min: number, max: number) => ({ min, max, integer: false });

export const numberKey = (
  words: GivenWords,
  range: NumberRange,
  defaultValue: number,
): KeyDescriptor<number, { readonly kind: "number" } & NumberRange> => ({
  ...wordsOf(words),
  value: { kind: "number", ...range },
  default: defaultValue,
  read: (text) => {
    const value = readNumber(text, range);
    return value === undefined ? refuse() : accept(value);
  },
  write: formatNumber,
});

export const scheduleKey = (
  words: GivenWords,
  range: NumberRange,
  defaultValue: Schedule,
): KeyDescriptor<Schedule, { readonly kind: "schedule" } & NumberRange> => {
  const value = { kind: "schedule", ...range } as const;
  return {
    ...wordsOf(words),
    value,
    default: defaultValue,
    read: (text) => readSchedule(text, value, words.unit ?? ""),
    write: formatSchedule,
  };
};

export function choiceKey<const O extends readonly string[]>(
  words: GivenWords,
  options: O,
  defaultValue: O[number],
): KeyDescriptor<O[number], { readonly kind: "choice"; readonly options: O }> {
  const schema = v.picklist(options);
  return {
    ...wordsOf(words),
    value: { kind: "choice", options },
    default: defaultValue,
    read: (text) => (v.is(schema, text) ? accept(text as O[number]) : refuse()),
    write: (value) => value,
  };
}

/** A key of its own kind: `read` and `write` as given. */
export const customKey = <T, S extends ValueSpec>(
  words: GivenWords,
  value: S,
  defaultValue: T,
  read: KeyDescriptor<T, S>["read"],
  write: KeyDescriptor<T, S>["write"],
): KeyDescriptor<T, S> => ({ ...wordsOf(words), value, default: defaultValue, read, write });
