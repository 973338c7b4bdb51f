import type { ScaleLinear } from "d3";
import { NS_PER_S, type SeriesView, type WallView } from "../../../model/index.ts";
import type { CanvasSize } from "../shared/canvasLike.ts";
import { type PlotBox, plotBox, timeScale, valueScale } from "../shared/timeSeriesScales.ts";

export interface FreshnessScales {
  box: PlotBox;
  time: ScaleLinear<number, number>;
  /** Upper band: etcd revision and cache RV. */
  revision: ScaleLinear<number, number>;
  /** Lower band: lag in seconds, always tall enough to show the wall. */
  lag: ScaleLinear<number, number>;
  /** Where the revision band ends and the lag band begins. */
  bandSplit: number;
}

// Revisions climb into the hundreds of thousands: leave room for "123,456" on the left.
const LEFT_MARGIN = 58;
const BAND_GAP = 20;

export function freshnessScales(
  series: SeriesView,
  wall: WallView,
  size: CanvasSize,
): FreshnessScales {
  const box = plotBox(size, LEFT_MARGIN);
  // Revisions get the larger share: two lines and the gap between them need the room.
  const bandSplit = box.top + (box.bottom - box.top) * 0.6;
  return {
    box,
    time: timeScale(series.tNs, box),
    revision: valueScale([series.etcdRevision, series.cacheRv], box.top, bandSplit),
    lag: valueScale([series.lagSeconds], bandSplit + BAND_GAP, box.bottom, {
      includeZero: true,
      atLeast: wallSeconds(wall) + 0.5,
    }),
    bandSplit,
  };
}

/** Where the wall stands on the lag axis. */
export const wallSeconds = (wall: WallView): number => wall.blockTimeoutNs / NS_PER_S;
