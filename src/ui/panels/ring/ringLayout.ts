import type { CanvasSize } from "../shared/canvasLike.ts";

export interface RingLayout {
  centreX: number;
  centreY: number;
  innerRadius: number;
  outerRadius: number;
}

// Room outside the ring for the mark labels ("oldest", "¼", "write head").
const LABEL_MARGIN = 34;

export function ringLayout(size: CanvasSize): RingLayout {
  const outerRadius = Math.max(20, Math.min(size.width, size.height) / 2 - LABEL_MARGIN);
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
