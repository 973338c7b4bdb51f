import type { Schedule } from "../scenario/index.ts";
import type { Nanos } from "../time.ts";

/** The schedule's value at `tNs`; O(1) once the last point has passed, the common case. */
export function valueNow(schedule: Schedule, tNs: Nanos): number {
  const last = schedule[schedule.length - 1];
  if (last === undefined) throw new Error("a schedule has at least one point");
  if (last.atNs <= tNs) return last.value;
  let value = last.value;
  for (const point of schedule) {
    if (point.atNs > tNs) break;
    value = point.value;
  }
  return value;
}
