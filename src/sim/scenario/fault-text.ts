import { accept, type Decoded, refuse } from "./decoded.ts";
import type { Away, Herd, Stall } from "./faults.ts";
import {
  formatSeconds,
  type NumberRange,
  parseSeconds,
  rangeText,
  readNumber,
  secondsProblem,
} from "./numeric-text.ts";

// Fault lists as a link writes them. Herds, aways and times may be written in any order and are
// kept sorted by time; stall windows must already be in order, as the scenario format asks.
// A refused item says which of its parts is wrong (the count, the time, the duration).

const items = (text: string): string[] => (text === "" ? [] : text.split(","));

/** An item read, or what is wrong with it. */
type Item<T> = { ok: true; value: T } | { ok: false; problem: string };
const good = <T>(value: T): Item<T> => ({ ok: true, value });
const bad = (problem: string): Item<never> => ({ ok: false, problem });

/** Reads each item of a comma list, or refuses the whole list at the first bad item. */
function readList<T>(text: string, readItem: (item: string) => Item<T>): Decoded<T[]> {
  const values: T[] = [];
  for (const item of items(text)) {
    const read = readItem(item);
    if (!read.ok) return refuse(`in "${item}", ${read.problem}`);
    values.push(read.value);
  }
  return accept(values);
}

const sortedBy = <T>(list: Decoded<T[]>, at: (item: T) => number): Decoded<T[]> =>
  list.ok ? accept(list.value.sort((a, b) => at(a) - at(b))) : list;

/** A time in seconds, or what is wrong with it. */
function seconds(text: string): Item<number> {
  const ns = parseSeconds(text);
  return ns === undefined ? bad(secondsProblem(text)) : good(ns);
}

function count(text: string, range: NumberRange, what: string): Item<number> {
  const n = readNumber(text, range);
  return n === undefined ? bad(`the ${what} "${text}" is not ${rangeText(range)}`) : good(n);
}

export function readTimes(text: string): Decoded<readonly number[]> {
  return sortedBy(readList(text, seconds), (t) => t);
}

export const formatTimes = (times: readonly number[]): string => times.map(formatSeconds).join(",");

/** `N@T`. */
export function readHerds(text: string, clients: NumberRange): Decoded<readonly Herd[]> {
  const herd = (item: string): Item<Herd> => {
    const parts = item.split("@");
    if (parts.length !== 2) return bad("expected N@T");
    const n = count(parts[0] ?? "", clients, "number of clients");
    if (!n.ok) return n;
    const at = seconds(parts[1] ?? "");
    return at.ok ? good({ clients: n.value, atNs: at.value }) : at;
  };
  return sortedBy(readList(text, herd), (h) => h.atNs);
}

export const formatHerds = (herds: readonly Herd[]): string =>
  herds.map((h) => `${h.clients}@${formatSeconds(h.atNs)}`).join(",");

/** `N@T:S`. */
export function readAways(text: string, watchers: NumberRange): Decoded<readonly Away[]> {
  const away = (item: string): Item<Away> => {
    const match = /^([^@]*)@([^:]*):(.*)$/.exec(item);
    if (match === null) return bad("expected N@T:S");
    const n = count(match[1] ?? "", watchers, "number of watchers");
    if (!n.ok) return n;
    const at = seconds(match[2] ?? "");
    if (!at.ok) return at;
    const duration = seconds(match[3] ?? "");
    if (!duration.ok) return duration;
    if (duration.value === 0) return bad("the time away must be more than 0 s");
    return good({ watchers: n.value, atNs: at.value, durationNs: duration.value });
  };
  return sortedBy(readList(text, away), (a) => a.atNs);
}

export const formatAways = (aways: readonly Away[]): string =>
  aways
    .map((a) => `${a.watchers}@${formatSeconds(a.atNs)}:${formatSeconds(a.durationNs)}`)
    .join(",");

/** `start-end`, windows in order and apart (touching is allowed: [start, end) are half-open). */
export function readStalls(text: string): Decoded<readonly Stall[]> {
  const stall = (item: string): Item<Stall> => {
    const parts = item.split("-");
    if (parts.length !== 2) return bad("expected start-end");
    const start = seconds(parts[0] ?? "");
    if (!start.ok) return start;
    const end = seconds(parts[1] ?? "");
    if (!end.ok) return end;
    if (end.value <= start.value) return bad("the end must be after the start");
    return good({ startNs: start.value, endNs: end.value });
  };
  const list = readList(text, stall);
  if (!list.ok) return list;
  const overlap = list.value.findIndex(
    (s, i) => i > 0 && s.startNs < (list.value[i - 1]?.endNs ?? 0),
  );
  return overlap < 0 ? list : refuse("the windows must be in order and must not overlap");
}

export const formatStalls = (stalls: readonly Stall[]): string =>
  stalls.map((s) => `${formatSeconds(s.startNs)}-${formatSeconds(s.endNs)}`).join(",");
