import { accept, type Decoded, refuse } from "./decoded.ts";
import type { Away, Herd, Stall } from "./faults.ts";
import { formatSeconds, type NumberRange, parseSeconds, readNumber } from "./numeric-text.ts";

// Fault lists as a link writes them. Herds, aways and times may be written in any order and are
// kept sorted by time; stall windows must already be in order, as SCENARIO.md asks.

const items = (text: string): string[] => (text === "" ? [] : text.split(","));

/** Reads each item of a comma list, or refuses the whole list at the first bad item. */
function readList<T>(text: string, readItem: (item: string) => T | undefined): Decoded<T[]> {
  const values: T[] = [];
  for (const item of items(text)) {
    const value = readItem(item);
    if (value === undefined) return refuse(`"${item}" is not valid`);
    values.push(value);
  }
  return accept(values);
}

const sortedBy = <T>(list: Decoded<T[]>, at: (item: T) => number): Decoded<T[]> =>
  list.ok ? accept(list.value.sort((a, b) => at(a) - at(b))) : list;

export function readTimes(text: string): Decoded<readonly number[]> {
  return sortedBy(readList(text, parseSeconds), (t) => t);
}

export const formatTimes = (times: readonly number[]): string => times.map(formatSeconds).join(",");

/** `N@T`. */
export function readHerds(text: string, clients: NumberRange): Decoded<readonly Herd[]> {
  const herd = (item: string): Herd | undefined => {
    const [n = "", t = "", ...rest] = item.split("@");
    const count = readNumber(n, clients);
    const atNs = parseSeconds(t);
    if (count === undefined || atNs === undefined || rest.length > 0) return undefined;
    return { clients: count, atNs };
  };
  return sortedBy(readList(text, herd), (h) => h.atNs);
}

export const formatHerds = (herds: readonly Herd[]): string =>
  herds.map((h) => `${h.clients}@${formatSeconds(h.atNs)}`).join(",");

/** `N@T:S`. */
export function readAways(text: string, watchers: NumberRange): Decoded<readonly Away[]> {
  const away = (item: string): Away | undefined => {
    const match = /^([^@]*)@([^:]*):(.*)$/.exec(item);
    const count = readNumber(match?.[1] ?? "", watchers);
    const atNs = parseSeconds(match?.[2] ?? "");
    const durationNs = parseSeconds(match?.[3] ?? "");
    if (count === undefined || atNs === undefined || !durationNs) return undefined;
    return { watchers: count, atNs, durationNs };
  };
  return sortedBy(readList(text, away), (a) => a.atNs);
}

export const formatAways = (aways: readonly Away[]): string =>
  aways
    .map((a) => `${a.watchers}@${formatSeconds(a.atNs)}:${formatSeconds(a.durationNs)}`)
    .join(",");

/** `start-end`, windows in order and apart (touching is allowed: [start, end) are half-open). */
export function readStalls(text: string): Decoded<readonly Stall[]> {
  const stall = (item: string): Stall | undefined => {
    const [start = "", end = "", ...rest] = item.split("-");
    const startNs = parseSeconds(start);
    const endNs = parseSeconds(end);
    if (startNs === undefined || endNs === undefined || endNs <= startNs || rest.length > 0) {
      return undefined;
    }
    return { startNs, endNs };
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
