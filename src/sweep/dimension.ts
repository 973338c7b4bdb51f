import { allowedText, SCENARIO_KEYS, type ScenarioKey } from "../model/index.ts";

// One --sweep flag read: a key swept whole (`lag=2000..4000`), a range inside a key's value
// (`herd=500@10..60`), or a gate (`gates=<Gate>`: off, then on); and a numeric key's values, evenly
// spaced with both ends included.

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

/** A plain number, as a range's ends and a predicate's value are written. */
export const NUMBER = String.raw`\d+(?:\.\d+)?`;
// A range's ends stand alone: a sign, a digit, a point or a letter beside them would make them
// other numbers (`-5..100` is not 5..100 after a minus, nor `0..1e400` 0..1 before "e400").
const RANGE = new RegExp(`(?<![\\w.+-])(${NUMBER})\\.\\.(${NUMBER})(?![\\w.])`, "g");
const NOT_NUMERIC = new Set(["choice", "text", "switches", "gates"]);

/** The keys a sweep can vary as a whole, in table order (a dialog's choices). */
export const SWEEPABLE_KEYS: readonly ScenarioKey[] = (
  Object.keys(SCENARIO_KEYS) as ScenarioKey[]
).filter((key) => !NOT_NUMERIC.has(SCENARIO_KEYS[key].value.kind));

/** `lag` for a key swept whole; `herd=500@{}` where the range stood inside the key's value. */
export const dimensionName = (d: Dimension) =>
  d.kind === "gate" ? d.gate : d.template === "{}" ? d.key : `${d.key}=${d.template}`;

/** A value as a point's link writes it: a gate on or off, a number whole or to ten significant digits. */
export const valueText = (value: number | boolean) =>
  typeof value === "boolean" ? (value ? "on" : "off") : String(Number(value.toPrecision(10)));

/** One --sweep flag's key and range (or gate), or null with the problem added. */
export function readDimension(
  text: string,
  problems: string[],
): Omit<NumberDimension, "values"> | GateDimension | null {
  const flag = `--sweep '${text}'`;
  const match = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/s.exec(text);
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
export function spaced(
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
