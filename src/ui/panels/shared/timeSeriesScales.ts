import { type ScaleLinear, scaleLinear } from "d3";
import { NS_PER_S } from "../../../model/index.ts";
import type { CanvasSize } from "./canvasLike.ts";

export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The plot area inside a canvas, leaving room for value labels on the left and time below. */
export function plotBox(size: CanvasSize, leftMargin: number): PlotBox {
  return { left: leftMargin, right: size.width - 12, top: 10, bottom: size.height - 22 };
}

/** x: simulated seconds (ticks fall on round seconds) from the first to the last sample. */
export function timeScale(tNs: Float64Array, box: PlotBox): ScaleLinear<number, number> {
  const first = (tNs[0] ?? 0) / NS_PER_S;
  const last = (tNs[tNs.length - 1] ?? 0) / NS_PER_S;
  return scaleLinear()
    .domain([first, last > first ? last : first + 1])
    .range([box.left, box.right]);
}

/** y: a nice range covering every value, never collapsed to a point, optionally at least `floor`. */
export function valueScale(
  series: readonly Float64Array[],
  top: number,
  bottom: number,
  options: { includeZero?: boolean; atLeast?: number } = {},
): ScaleLinear<number, number> {
  let low = options.includeZero ? 0 : Number.POSITIVE_INFINITY;
  let high = options.atLeast ?? Number.NEGATIVE_INFINITY;
  for (const values of series) {
    for (const value of values) {
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    low = 0;
    high = 1;
  }
  if (high <= low) high = low + 1;
  return scaleLinear().domain([low, high]).nice(4).range([bottom, top]);
}
