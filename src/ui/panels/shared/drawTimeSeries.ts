import { area, line, type ScaleLinear } from "d3";
import { NS_PER_S } from "../../../model/index.ts";
import type { CanvasLike } from "./canvasLike.ts";
import type { CanvasTheme } from "./canvasTheme.ts";
import { secondsTickText } from "./tickText.ts";
import type { PlotBox } from "./timeSeriesScales.ts";

type Scale = ScaleLinear<number, number>;

const LABEL_FONT = "11px system-ui, sans-serif";

/** The points 0 … count − 1 of the series, for d3-shape's generators to read by index. */
const indices = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

/**
 * d3-shape draws on a canvas context directly (`.context`); its types ask for a whole
 * CanvasRenderingContext2D, of which it calls only moveTo, lineTo and closePath.
 */
const drawingOn = (context: CanvasLike) => context as CanvasRenderingContext2D;

export function traceLine(
  context: CanvasLike,
  tNs: Float64Array,
  values: Float64Array,
  x: Scale,
  y: Scale,
): void {
  context.beginPath();
  line<number>()
    .x((i) => x((tNs[i] ?? 0) / NS_PER_S))
    .y((i) => y(values[i] ?? 0))
    .context(drawingOn(context))(indices(Math.min(tNs.length, values.length)));
}

/** Outlines the band between two series (upper forward, lower backward) ready to fill. */
export function traceBand(
  context: CanvasLike,
  tNs: Float64Array,
  upper: Float64Array | number,
  lower: Float64Array | number,
  x: Scale,
  y: Scale,
): void {
  const at = (series: Float64Array | number, i: number) =>
    typeof series === "number" ? series : (series[i] ?? 0);
  context.beginPath();
  area<number>()
    .x((i) => x((tNs[i] ?? 0) / NS_PER_S))
    .y1((i) => y(at(upper, i)))
    .y0((i) => y(at(lower, i)))
    .context(drawingOn(context))(indices(tNs.length));
}

/** A series drawn as an area down to zero with its outline on top (lag, queue length). */
export function drawAreaSeries(
  context: CanvasLike,
  tNs: Float64Array,
  values: Float64Array,
  x: Scale,
  y: Scale,
  colours: { fill: string; line: string },
): void {
  traceBand(context, tNs, values, 0, x, y);
  context.fillStyle = colours.fill;
  context.fill();
  traceLine(context, tNs, values, x, y);
  context.strokeStyle = colours.line;
  context.lineWidth = 1.5;
  context.stroke();
}

/** Horizontal grid lines with their values on the left. */
export function drawValueAxis(
  context: CanvasLike,
  y: Scale,
  box: PlotBox,
  theme: CanvasTheme,
  format: (value: number) => string,
  tickCount = 3,
): void {
  context.font = LABEL_FONT;
  context.textAlign = "right";
  context.textBaseline = "middle";
  context.lineWidth = 1;
  for (const tick of y.ticks(tickCount)) {
    const py = y(tick);
    context.beginPath();
    context.moveTo(box.left, py);
    context.lineTo(box.right, py);
    context.strokeStyle = theme.grid;
    context.stroke();
    context.fillStyle = theme.muted;
    context.fillText(format(tick), box.left - 6, py);
  }
}

/** Simulated-time labels under the plot (x is in seconds). */
export function drawTimeAxis(
  context: CanvasLike,
  x: Scale,
  baseline: number,
  theme: CanvasTheme,
): void {
  context.font = LABEL_FONT;
  context.textAlign = "center";
  context.textBaseline = "top";
  context.fillStyle = theme.muted;
  const ticks = x.ticks(5);
  const labels = secondsTickText(ticks);
  ticks.forEach((tick, i) => {
    context.fillText(labels[i] ?? "", x(tick), baseline + 6);
  });
}

export function drawNoData(
  context: CanvasLike,
  box: PlotBox,
  message: string,
  theme: CanvasTheme,
): void {
  context.font = "12px system-ui, sans-serif";
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillStyle = theme.muted;
  context.fillText(message, (box.left + box.right) / 2, (box.top + box.bottom) / 2);
}
