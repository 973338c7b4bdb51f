import type { Nanos, RingSegment } from "../../../model/index.ts";
import { formatCount, formatDuration } from "../shared/format.ts";
import { ageClass } from "./ringAge.ts";

const ageWords = {
  fresh: "fresh",
  ageing: "in the second half of the window",
  stale: "older than the window",
} as const;

/** One line for the detail strip under the ring. */
export function describeSegment(segment: RingSegment, freshWindowNs: Nanos): string {
  const events = segment.toIndex - segment.fromIndex;
  const rvs =
    segment.oldestRv === segment.newestRv
      ? `RV ${formatCount(segment.oldestRv)}`
      : `RV ${formatCount(segment.oldestRv)}–${formatCount(segment.newestRv)}`;
  const ages = `${formatDuration(segment.oldestAgeNs)} to ${formatDuration(segment.newestAgeNs)} old`;
  const verdict = ageWords[ageClass(segment.oldestAgeNs, freshWindowNs)];
  const noun = events === 1 ? "event" : "events";
  return `${formatCount(events)} ${noun} (#${formatCount(segment.fromIndex)}–#${formatCount(segment.toIndex - 1)}), ${rvs}, ${ages}: ${verdict}.`;
}
