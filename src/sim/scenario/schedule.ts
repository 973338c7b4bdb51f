import { type Nanos, NS_PER_MS } from "../time.ts";

/** A value that changes over simulated time: each point holds from `atNs` until the next one. */
export type SchedulePoint = { readonly atNs: Nanos; readonly value: number };

/** Points in increasing time; the first is always at 0, so a value is in force at every t ≥ 0. */
export type Schedule = readonly SchedulePoint[];

export const constantSchedule = (value: number): Schedule => [{ atNs: 0, value }];

/** The value in force at `tNs` (the last point at or before it). */
export function valueAt(schedule: Schedule, tNs: Nanos): number {
  const first = schedule[0];
  if (first === undefined || first.atNs !== 0) throw new Error("a schedule starts at 0");
  let value = first.value;
  for (const point of schedule) {
    if (point.atNs > tNs) break;
    value = point.value;
  }
  return value;
}

/**
 * Live changes are recorded on the next whole millisecond (rounded up, so never in the past),
 * which keeps links short; the simulation applies them at that recorded time, not at `tNs`.
 */
export const recordedTime = (tNs: Nanos): Nanos => Math.ceil(tNs / NS_PER_MS) * NS_PER_MS;

/**
 * A live control move at `tNs`: what was planned from then on is replaced by `value`. A move to
 * the value already in force adds no point.
 */
export function appendToSchedule(schedule: Schedule, tNs: Nanos, value: number): Schedule {
  const atNs = recordedTime(tNs);
  const kept = schedule.filter((point) => point.atNs < atNs);
  if (kept.length > 0 && valueAt(kept, atNs) === value) return kept;
  return [...kept, { atNs, value }];
}
