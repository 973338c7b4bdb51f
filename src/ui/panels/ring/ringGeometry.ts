import { bisector } from "d3";
import type { RingSegment, RingSummary } from "../../../model/index.ts";

// Angles are in radians, 0 at twelve o'clock, growing clockwise (d3-shape's convention).
// Slots are placed relative to the write head (endIndex), so that when the drawn capacity is
// interpolated during a resize the live region stretches or shrinks smoothly; at rest this is the
// same as placing event i in slot i % capacity.

const TAU = 2 * Math.PI;

export interface RingPlacement {
  endIndex: number;
  /** Capacity as drawn: the real one, or a value between old and new during a resize. */
  displayCapacity: number;
  /** Angle of the write head, where the next event goes. */
  headAngle: number;
}

export interface ArcAngles {
  startAngle: number;
  endAngle: number;
}

export function placeRing(ring: RingSummary, displayCapacity = ring.capacity): RingPlacement {
  return {
    endIndex: ring.endIndex,
    displayCapacity,
    headAngle: (TAU * (ring.endIndex % ring.capacity)) / ring.capacity,
  };
}

export function indexAngle(placement: RingPlacement, index: number): number {
  return placement.headAngle - ((placement.endIndex - index) * TAU) / placement.displayCapacity;
}

/** The arc of any run of events [fromIndex, toIndex): a segment or a band of one age. */
export function segmentAngles(
  placement: RingPlacement,
  segment: Pick<RingSegment, "fromIndex" | "toIndex">,
): ArcAngles {
  return {
    startAngle: indexAngle(placement, segment.fromIndex),
    endAngle: indexAngle(placement, segment.toIndex),
  };
}

/** The absolute event index under an angle, or null where the slot holds no live event. */
export function indexAtAngle(
  placement: RingPlacement,
  ring: RingSummary,
  angle: number,
): number | null {
  const slotAngle = TAU / placement.displayCapacity;
  const behindHead = (((placement.headAngle - angle) % TAU) + TAU) % TAU;
  const index = placement.endIndex - 1 - Math.floor(behindHead / slotAngle);
  return index >= ring.startIndex && index < ring.endIndex ? index : null;
}

const byFromIndex = bisector((segment: RingSegment) => segment.fromIndex);

/** Position of the segment holding `index`; segments are ordered and disjoint, maybe with gaps. */
export function segmentAt(segments: readonly RingSegment[], index: number): number | null {
  // The last segment that starts at or before `index` holds it, unless it ends first.
  const position = byFromIndex.right(segments, index) - 1;
  const segment = segments[position];
  return segment !== undefined && index < segment.toIndex ? position : null;
}

/** Pointer offset from the ring's centre → angle in the ring's convention. */
export function pointerAngle(dx: number, dy: number): number {
  return (Math.atan2(dx, -dy) + TAU) % TAU;
}

/** The event the shrink test looks at (upstream: watch_cache_history.go resizeCacheLocked: endIndex − capacity/4, integer division). */
export function quarterIndex(ring: RingSummary): number {
  return ring.endIndex - Math.floor(ring.capacity / 4);
}

export function isFull(ring: RingSummary): boolean {
  return ring.endIndex - ring.startIndex === ring.capacity;
}
