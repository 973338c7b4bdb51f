import { QUARTER_POINT_EVENT } from "../../../content/quarter-point.ts";
import type { RingSummary } from "../../../model/index.ts";
import { isFull } from "./ringGeometry.ts";

export type ResizeOutlook =
  | "filling"
  | "grow"
  | "atUpperBound"
  | "shrink"
  | "atLowerBound"
  | "steady";

/**
 * What the next event would do to the ring if it arrived now (upstream: watch_cache_history.go resizeCacheLocked): grow when full and
 * the oldest event is fresh, shrink when full and the ¼-point event is stale.
 */
export function resizeOutlook(ring: RingSummary): ResizeOutlook {
  if (!isFull(ring) || ring.oldestAgeNs === null) return "filling";
  if (ring.oldestAgeNs < ring.freshWindowNs) {
    return ring.capacity < ring.upperBound ? "grow" : "atUpperBound";
  }
  if (ring.quarterAgeNs !== null && ring.quarterAgeNs > ring.freshWindowNs) {
    return ring.capacity > ring.lowerBound ? "shrink" : "atLowerBound";
  }
  return "steady";
}

export const outlookSentences: Record<ResizeOutlook, string> = {
  filling: "Not full yet: new events take empty slots, nothing is evicted.",
  grow: "Full and even the oldest event is fresh: the next event doubles the ring.",
  atUpperBound: "Full of fresh events but at the upper bound: the oldest is evicted instead.",
  shrink: `Full and ${QUARTER_POINT_EVENT} is stale: the next event halves the ring.`,
  atLowerBound: "Full of stale events but at the lower bound: it cannot shrink further.",
  steady: `Full; the oldest event is stale but ${QUARTER_POINT_EVENT} is not: the size holds.`,
};
