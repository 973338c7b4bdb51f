import type { CanvasSize } from "../shared/canvasLike.ts";

export interface RingLayout {
  centreX: number;
  centreY: number;
  innerRadius: number;
  outerRadius: number;
}

// Room outside the ring for the mark labels: wide at the sides, where "evicts oldest" runs
// sideways, and two text lines above and below.
const SIDE_MARGIN = 86;
const END_MARGIN = 44;

export function ringLayout(size: CanvasSize): RingLayout {
  const outerRadius = Math.max(
    20,
    Math.min(size.width / 2 - SIDE_MARGIN, size.height / 2 - END_MARGIN),
  );
  return {
    centreX: size.width / 2,
    centreY: size.height / 2,
    outerRadius,
    innerRadius: outerRadius * 0.68,
  };
}

/** A point at `radius` along a ring angle (0 at twelve o'clock, clockwise). */
export function pointOnRing(layout: RingLayout, angle: number, radius: number) {
  return {
    x: layout.centreX + radius * Math.sin(angle),
    y: layout.centreY - radius * Math.cos(angle),
  };
}
