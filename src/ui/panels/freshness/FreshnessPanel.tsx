import type { SimSnapshot, WallView } from "../../../model/index.ts";
import type { CanvasSize } from "../shared/canvasLike.ts";
import { formatCount, theWall } from "../shared/format.ts";
import { Legend } from "../shared/Legend.tsx";
import { snapshotPanel } from "../shared/PanelFrame.tsx";
import { type CanvasDraw, useCanvasDrawing } from "../shared/useCanvasDrawing.ts";
import { drawFreshness } from "./drawFreshness.ts";
import { freshnessColours } from "./freshnessColours.ts";
import { freshnessScales, wallSeconds } from "./freshnessScales.ts";

const caption = (wall: WallView | undefined) =>
  "etcd's revision against the revision the watch cache has reached. The shaded gap is the " +
  `cache's lag; below, the lag in seconds against ${theWall(wall)} a waiting read can bear.`;

const legend = [
  { label: "etcd revision", colour: freshnessColours.etcd, dashed: true },
  { label: "cache RV", colour: freshnessColours.cache },
  { label: "lag (s)", colour: freshnessColours.lag },
];

const FALLBACK_SIZE: CanvasSize = { width: 560, height: 200 };

const drawLatest: CanvasDraw = (context, size, latest, theme) =>
  drawFreshness(
    context,
    latest.series,
    latest.wall,
    freshnessScales(latest.series, latest.wall, size),
    theme,
  );

export const FreshnessPanel = snapshotPanel("freshness", caption, FreshnessBody);

function FreshnessBody({ snapshot }: { snapshot: SimSnapshot }) {
  const { containerRef, canvasRef } = useCanvasDrawing(snapshot, drawLatest, FALLBACK_SIZE);
  const behind = Math.max(0, snapshot.etcdRevision - snapshot.cacheRv);
  const lagClass = snapshot.lagSeconds >= wallSeconds(snapshot.wall) ? "wcl-alarm" : "";

  return (
    <>
      <p className="wcl-headline">
        etcd at <strong>{formatCount(snapshot.etcdRevision)}</strong> · cache at{" "}
        <strong>{formatCount(snapshot.cacheRv)}</strong> · {formatCount(behind)} revisions behind ·{" "}
        <strong className={lagClass}>lag {snapshot.lagSeconds.toFixed(2)} s</strong>
      </p>
      <div ref={containerRef} className="wcl-chart">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`etcd revision ${snapshot.etcdRevision} and cache resource version ${snapshot.cacheRv} over time; lag ${snapshot.lagSeconds.toFixed(2)} seconds against ${theWall(snapshot.wall)}`}
        />
      </div>
      <Legend items={legend} />
    </>
  );
}
