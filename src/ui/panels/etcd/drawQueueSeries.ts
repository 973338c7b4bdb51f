import type { SeriesView } from "../../../model/index.ts";
import type { CanvasLike, CanvasSize } from "../shared/canvasLike.ts";
import type { CanvasTheme } from "../shared/canvasTheme.ts";
import {
  drawAreaSeries,
  drawNoData,
  drawTimeAxis,
  drawValueAxis,
} from "../shared/drawTimeSeries.ts";
import { formatCount } from "../shared/format.ts";
import { plotBox, timeScale, valueScale } from "../shared/timeSeriesScales.ts";
import { etcdColours } from "./etcdColours.ts";

/** The queue in front of etcd over time: a fallback stampede shows as a wall of queued requests. */
export function drawQueueSeries(
  context: CanvasLike,
  series: SeriesView,
  size: CanvasSize,
  theme: CanvasTheme,
): void {
  const box = plotBox(size, 44);
  if (series.tNs.length < 2) {
    drawNoData(context, box, "Collecting samples…", theme);
    return;
  }
  const time = timeScale(series.tNs, box);
  const queue = valueScale([series.etcdQueue], box.top, box.bottom, {
    includeZero: true,
    atLeast: 4,
  });
  drawValueAxis(context, queue, box, theme, formatCount);
  drawAreaSeries(context, series.tNs, series.etcdQueue, time, queue, {
    fill: etcdColours.queueFill,
    line: etcdColours.queue,
  });
  drawTimeAxis(context, time, box.bottom, theme);
}
