import type { Nanos } from "../time.ts";
import { recordedTime } from "./schedule.ts";

// Fault buttons append to these lists at the moment they are pressed; like live control moves,
// the moment is recorded on the next whole millisecond (see `recordedTime`).

/** At `atNs`, `clients` clients each send one consistent LIST. */
export type Herd = { readonly clients: number; readonly atNs: Nanos };

/** At `atNs`, `watchers` watchers disconnect for `durationNs`, then resume from their last RV. */
export type Away = { readonly watchers: number; readonly atNs: Nanos; readonly durationNs: Nanos };

/** The watch stream delivers nothing in [startNs, endNs); items are held, not lost. */
export type Stall = { readonly startNs: Nanos; readonly endNs: Nanos };

const byTime =
  <T>(at: (item: T) => Nanos) =>
  (a: T, b: T) =>
    at(a) - at(b);

function assertPositive(durationNs: Nanos): void {
  if (!(durationNs > 0)) throw new Error(`a fault lasts a positive time, not ${durationNs} ns`);
}

/** Adds a time (a restart, a compaction) to a list kept in increasing order. */
export function appendTime(times: readonly Nanos[], tNs: Nanos): readonly Nanos[] {
  return [...times, recordedTime(tNs)].sort((a, b) => a - b);
}

export function appendHerd(herds: readonly Herd[], tNs: Nanos, clients: number): readonly Herd[] {
  const herd: Herd = { clients, atNs: recordedTime(tNs) };
  return [...herds, herd].sort(byTime((h) => h.atNs));
}

export function appendAway(
  aways: readonly Away[],
  tNs: Nanos,
  watchers: number,
  durationNs: Nanos,
): readonly Away[] {
  assertPositive(durationNs);
  const away: Away = { watchers, atNs: recordedTime(tNs), durationNs: recordedTime(durationNs) };
  return [...aways, away].sort(byTime((a) => a.atNs));
}

/** Adds a stall window; windows that overlap or touch it merge, so the list stays disjoint. */
export function appendStall(
  stalls: readonly Stall[],
  tNs: Nanos,
  durationNs: Nanos,
): readonly Stall[] {
  assertPositive(durationNs);
  const startNs = recordedTime(tNs);
  let merged: Stall = { startNs, endNs: startNs + recordedTime(durationNs) };
  const apart: Stall[] = [];
  for (const stall of stalls) {
    if (stall.endNs < merged.startNs || stall.startNs > merged.endNs) {
      apart.push(stall);
    } else {
      merged = {
        startNs: Math.min(stall.startNs, merged.startNs),
        endNs: Math.max(stall.endNs, merged.endNs),
      };
    }
  }
  return [...apart, merged].sort(byTime((s) => s.startNs));
}
