import type { Nanos, RingSegment } from "../../../model/index.ts";
import { type AgeClass, ageClass } from "./ringAge.ts";

export interface AgeRun {
  fromIndex: number;
  toIndex: number;
  ageClass: AgeClass;
}

/**
 * Neighbouring segments of the same age class merged into one arc: hundreds of adjacent canvas
 * sectors leave hairline seams, and one fill per colour band is also cheaper to draw.
 * A segment is as old as its oldest event, the one the grow test looks at.
 */
export function ageRuns(segments: readonly RingSegment[], freshWindowNs: Nanos): AgeRun[] {
  const runs: AgeRun[] = [];
  for (const segment of segments) {
    const segmentClass = ageClass(segment.oldestAgeNs, freshWindowNs);
    const last = runs[runs.length - 1];
    if (last && last.ageClass === segmentClass && last.toIndex === segment.fromIndex) {
      last.toIndex = segment.toIndex;
    } else {
      runs.push({ fromIndex: segment.fromIndex, toIndex: segment.toIndex, ageClass: segmentClass });
    }
  }
  return runs;
}
