import type { RingSummary } from "../../../model/index.ts";
import type { CanvasLike } from "../shared/canvasLike.ts";
import type { CanvasTheme } from "../shared/canvasTheme.ts";
import { formatCount } from "../shared/format.ts";
import { ageRuns } from "./ageRuns.ts";
import { ageColours } from "./ringAge.ts";
import {
  indexAngle,
  isFull,
  quarterIndex,
  type RingPlacement,
  segmentAngles,
} from "./ringGeometry.ts";
import { pointOnRing, type RingLayout } from "./ringLayout.ts";

export interface RingDrawing {
  ring: RingSummary;
  placement: RingPlacement;
  layout: RingLayout;
  selectedSegment: number | null;
  theme: CanvasTheme;
}

const LINE_HEIGHT = 14;
/** Marks nearer than this (radians) would print their labels over each other: one label says both. */
const LABELS_APART = 0.45;

// Canvas measures angles from three o'clock; the ring's from twelve.
const toCanvasAngle = (angle: number) => angle - Math.PI / 2;

/** Draws the ring; returns the words it printed, in order (the page exposes them for checks). */
export function drawRing(context: CanvasLike, drawing: RingDrawing): string[] {
  const { ring, placement, layout, theme } = drawing;
  const printed: string[] = [];
  const mark = (angle: number, lines: readonly string[], dash: number[]) => {
    drawMark(context, layout, angle, lines, dash, theme);
    printed.push(...lines);
  };
  sector(context, layout, 0, 2 * Math.PI);
  context.fillStyle = theme.empty;
  context.fill();

  for (const run of ageRuns(ring.segments, ring.freshWindowNs)) {
    const { startAngle, endAngle } = segmentAngles(placement, run);
    sector(context, layout, startAngle, endAngle);
    context.fillStyle = ageColours[run.ageClass];
    context.fill();
  }

  const selected =
    drawing.selectedSegment === null ? undefined : ring.segments[drawing.selectedSegment];
  if (selected) {
    const { startAngle, endAngle } = segmentAngles(placement, selected);
    sector(context, layout, startAngle, endAngle);
    context.strokeStyle = theme.focus;
    context.lineWidth = 3;
    context.stroke();
  }

  if (isFull(ring) && ring.quarterAgeNs !== null) {
    mark(indexAngle(placement, quarterIndex(ring)), ["¼ point"], [4, 3]);
  }
  const oldestAngle = indexAngle(placement, ring.startIndex);
  const held = ring.endIndex - ring.startIndex;
  // Only a full ring evicts: the next event then lands on the oldest one, and one mark says both
  // (the panel's table and outlook read the same `isFull`).
  const full = isFull(ring);
  const free = ring.capacity - held;
  // The free slots lie clockwise from the head to the oldest event.
  const freeAngle = 2 * Math.PI - (placement.headAngle - oldestAngle);
  const oldestNearHead = held > 0 && !full && freeAngle < LABELS_APART;
  if (held > 0 && !full) {
    mark(oldestAngle, oldestNearHead ? [] : ["oldest"], []);
  }
  const headLabel = full
    ? ["next write", "evicts oldest"]
    : oldestNearHead
      ? ["next write", `${formatCount(free)} free, then oldest`]
      : ["next write"];
  mark(placement.headAngle, headLabel, []);
  // The true capacity even mid-transition: the geometry animates, the number never lies.
  centreLabel(context, layout, ring.capacity, theme);
  printed.push(formatCount(ring.capacity), "slots");
  return printed;
}

function sector(
  context: CanvasLike,
  layout: RingLayout,
  startAngle: number,
  endAngle: number,
): void {
  const from = toCanvasAngle(startAngle);
  const to = toCanvasAngle(endAngle);
  context.beginPath();
  context.arc(layout.centreX, layout.centreY, layout.outerRadius, from, to, false);
  context.arc(layout.centreX, layout.centreY, layout.innerRadius, to, from, true);
  context.closePath();
}

function drawMark(
  context: CanvasLike,
  layout: RingLayout,
  angle: number,
  lines: readonly string[],
  dash: number[],
  theme: CanvasTheme,
): void {
  const inner = pointOnRing(layout, angle, layout.innerRadius - 4);
  const outer = pointOnRing(layout, angle, layout.outerRadius + 8);
  context.beginPath();
  context.moveTo(inner.x, inner.y);
  context.lineTo(outer.x, outer.y);
  context.setLineDash(dash);
  context.strokeStyle = theme.text;
  context.lineWidth = 2;
  context.stroke();
  context.setLineDash([]);

  const text = pointOnRing(layout, angle, layout.outerRadius + 12);
  const side = Math.sin(angle);
  context.fillStyle = theme.text;
  context.font = "12px system-ui, sans-serif";
  // Labels run away from the ring: leftwards on its left side, rightwards on its right.
  context.textAlign = side < -0.3 ? "right" : side > 0.3 ? "left" : "center";
  const upwards = Math.cos(angle) > 0;
  context.textBaseline = upwards ? "bottom" : "top";
  // Extra lines stack away from the ring too.
  lines.forEach((line, i) => {
    const offset = (upwards ? lines.length - 1 - i : i) * LINE_HEIGHT;
    context.fillText(line, text.x, upwards ? text.y - offset : text.y + offset);
  });
}

function centreLabel(
  context: CanvasLike,
  layout: RingLayout,
  capacity: number,
  theme: CanvasTheme,
): void {
  context.fillStyle = theme.text;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.font = "600 20px system-ui, sans-serif";
  context.fillText(formatCount(capacity), layout.centreX, layout.centreY - 8);
  context.fillStyle = theme.muted;
  context.font = "12px system-ui, sans-serif";
  context.fillText("slots", layout.centreX, layout.centreY + 12);
}
