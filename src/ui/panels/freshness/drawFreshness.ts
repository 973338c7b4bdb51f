import type { SeriesView, WallView } from "../../../model/index.ts";
import type { CanvasLike } from "../shared/canvasLike.ts";
import type { CanvasTheme } from "../shared/canvasTheme.ts";
import {
  drawAreaSeries,
  drawNoData,
  drawTimeAxis,
  drawValueAxis,
  traceBand,
  traceLine,
} from "../shared/drawTimeSeries.ts";
import { formatCount, formatWall } from "../shared/format.ts";
import { freshnessColours } from "./freshnessColours.ts";
import { type FreshnessScales, wallSeconds } from "./freshnessScales.ts";

export function drawFreshness(
  context: CanvasLike,
  series: SeriesView,
  wall: WallView,
  scales: FreshnessScales,
  theme: CanvasTheme,
): void {
  const { box, time, revision, lag } = scales;
  if (series.tNs.length < 2) {
    drawNoData(context, box, "Collecting samples…", theme);
    return;
  }
  drawValueAxis(context, revision, box, theme, formatCount);
  // One label in the short lag band; the wall line carries its own.
  drawValueAxis(context, lag, box, theme, (seconds) => `${seconds} s`, 1);

  // The gap between etcd and the cache: how far behind the cache is, in revisions.
  traceBand(context, series.tNs, series.etcdRevision, series.cacheRv, time, revision);
  context.fillStyle = freshnessColours.gap;
  context.fill();
  traceLine(context, series.tNs, series.etcdRevision, time, revision);
  context.strokeStyle = freshnessColours.etcd;
  context.lineWidth = 2;
  context.setLineDash([6, 3]);
  context.stroke();
  context.setLineDash([]);
  traceLine(context, series.tNs, series.cacheRv, time, revision);
  context.strokeStyle = freshnessColours.cache;
  context.stroke();

  drawAreaSeries(context, series.tNs, series.lagSeconds, time, lag, {
    fill: freshnessColours.lagFill,
    line: freshnessColours.lag,
  });
  drawWall(context, wall, scales, theme);

  drawTimeAxis(context, time, box.bottom, theme);
}

/** The wall's line in the lag band: above it, a read arriving now would hit the wall. */
function drawWall(
  context: CanvasLike,
  wall: WallView,
  { box, lag }: FreshnessScales,
  theme: CanvasTheme,
): void {
  const y = lag(wallSeconds(wall));
  context.beginPath();
  context.moveTo(box.left, y);
  context.lineTo(box.right, y);
  context.setLineDash([4, 3]);
  context.strokeStyle = theme.text;
  context.lineWidth = 1;
  context.stroke();
  context.setLineDash([]);
  context.font = "11px system-ui, sans-serif";
  context.textAlign = "right";
  context.textBaseline = "bottom";
  context.fillStyle = theme.text;
  context.fillText(`${formatWall(wall)} wall`, box.right, y - 2);
}
