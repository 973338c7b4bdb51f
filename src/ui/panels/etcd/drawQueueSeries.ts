import type { SeriesView } from "../../../model/index.ts";
import { NS_PER_S } from "../../../model/index.ts";
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

/**
 * The mean number of busy etcd slots over each interval between samples: the busy slot-seconds
 * counter's difference over the interval's length. A 7 ms request is rarely in service at the
 * instant of a sample, but it is always in the difference; the first point repeats the second's.
 */
export function busySlots(series: SeriesView): Float64Array {
  const { tNs, etcdBusySeconds } = series;
  const out = new Float64Array(tNs.length);
  for (let i = 1; i < tNs.length; i++) {
    const seconds = ((tNs[i] ?? 0) - (tNs[i - 1] ?? 0)) / NS_PER_S;
    const busy = (etcdBusySeconds[i] ?? 0) - (etcdBusySeconds[i - 1] ?? 0);
    out[i] = seconds > 0 ? Math.max(0, busy / seconds) : 0;
  }
  if (tNs.length > 1) out[0] = out[1] as number;
  return out;
}

/**
 * etcd's range requests over time, stacked: the busy slots (mean over each sample interval) at the
 * bottom and the queue waiting for a slot on top, so a fallback stampede shows as a full band of
 * busy slots under a wall of queued requests.
 */
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
  const busy = busySlots(series);
  const total = busy.map((slots, i) => slots + (series.etcdQueue[i] ?? 0));
  const scale = valueScale([total], box.top, box.bottom, { includeZero: true, atLeast: 4 });
  drawValueAxis(context, scale, box, theme, formatCount);
  drawAreaSeries(context, series.tNs, total, time, scale, {
    fill: etcdColours.queueFill,
    line: etcdColours.queue,
  });
  drawAreaSeries(context, series.tNs, busy, time, scale, {
    fill: etcdColours.busyFill,
    line: etcdColours.busy,
  });
  drawTimeAxis(context, time, box.bottom, theme);
}
