import type { MarkView } from "../../../model/index.ts";
import type { CapacityTransition } from "./capacityTransition.ts";

/**
 * The ring's last resize as the run recorded it (sim/marks.ts): the same after a seek as before
 * it, unlike a resize noticed between two frames, which a seek forward would make up.
 */
export function lastRecordedResize(marks: readonly MarkView[]): CapacityTransition | null {
  const mark = marks.findLast((m) => m.capacity !== undefined);
  if (mark?.capacity === undefined) return null;
  return { fromCapacity: mark.capacity.from, toCapacity: mark.capacity.to, startedAtNs: mark.atNs };
}
