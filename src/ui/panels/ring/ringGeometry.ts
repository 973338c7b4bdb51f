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

/** Position of the segment holding `index`; segments are ordered and disjoint. */
export function segmentAt(segments: readonly RingSegment[], index: number): number | null {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = segments[middle];
    if (!segment) return null;
    if (index < segment.fromIndex) high = middle - 1;
    else if (index >= segment.toIndex) low = middle + 1;
    else return middle;
  }
  return null;
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
