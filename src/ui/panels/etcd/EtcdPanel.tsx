import type { SimSnapshot } from "../../../model/index.ts";
import { NS_PER_MS } from "../../../model/index.ts";
import type { CanvasSize } from "../shared/canvasLike.ts";
import { formatBytes, formatCount, formatDuration } from "../shared/format.ts";
import { Legend } from "../shared/Legend.tsx";
import { snapshotPanel } from "../shared/PanelFrame.tsx";
import { type CanvasDraw, useCanvasDrawing } from "../shared/useCanvasDrawing.ts";
import { drawQueueSeries } from "./drawQueueSeries.ts";
import { etcdColours } from "./etcdColours.ts";
import { etcdSlots, etcdVerdict } from "./etcdSlots.ts";
import { RecentCostTable, recentTotals } from "./RecentCostTable.tsx";

const CAPTION =
  "etcd serves a limited number of range requests at once (LISTs sent to etcd, fallbacks, quorum " +
  "reads); the rest queue. Fallbacks from the cache land here.";

// The boxes under the headline are slots at this instant; the chart is requests over time.
const slotLegend = [
  { label: "busy slot", colour: etcdColours.busy },
  { label: "free slot", colour: etcdColours.free },
];
const chartLegend = [
  { label: "busy slots (mean over each sample)", colour: etcdColours.busy },
  { label: "queued for a slot", colour: etcdColours.queue },
];

const FALLBACK_SIZE: CanvasSize = { width: 560, height: 140 };

const drawLatest: CanvasDraw = (context, size, latest, theme) =>
  drawQueueSeries(context, latest.series, size, theme);

export const EtcdPanel = snapshotPanel("etcd", CAPTION, EtcdBody);

function EtcdBody({ snapshot }: { snapshot: SimSnapshot }) {
  const { inFlight, queued, concurrency, latencyMs, fullListMs } = snapshot.etcd;
  const { listBytesHeld, listBytesPeak, rangesInFlight, rangesInFlightPeak } = snapshot.etcd;
  const { containerRef, canvasRef } = useCanvasDrawing(snapshot, drawLatest, FALLBACK_SIZE);
  const slots = etcdSlots(inFlight, concurrency);
  const { recent } = snapshot.etcd;
  const totals = recentTotals(recent);

  return (
    <>
      <p className="wcl-headline">
        <strong>{formatCount(inFlight)}</strong> of {formatCount(concurrency)} slots in flight ·{" "}
        <strong className={queued > 0 ? "wcl-alarm" : ""}>{formatCount(queued)}</strong> queued
      </p>
      <meter
        className="wcl-visually-hidden"
        aria-label="etcd range requests in flight"
        min={0}
        max={concurrency}
        value={Math.min(inFlight, concurrency)}
      />
      <div className="wcl-slots" aria-hidden="true">
        {slots ? (
          slots.map((state, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions, not identities
            <span key={i} className={`wcl-slot wcl-slot--${state}`} />
          ))
        ) : (
          <span className="wcl-gauge">
            <span
              className="wcl-gauge__fill"
              style={{
                width: `${(Math.min(1, inFlight / Math.max(1, concurrency)) * 100).toFixed(1)}%`,
              }}
            />
          </span>
        )}
      </div>
      {slots && <Legend items={slotLegend} />}
      <p className="wcl-muted">
        {etcdVerdict(inFlight, queued, concurrency, {
          ...totals,
          windowSeconds: recent.windowSeconds,
        })}
      </p>
      <p>
        latency <strong>{formatDuration(latencyMs * NS_PER_MS)}</strong> per request · a full LIST
        takes <strong>≈ {formatDuration(fullListMs * NS_PER_MS)}</strong>{" "}
        <span className="wcl-muted">(latency plus its objects, before any queueing)</span>
      </p>
      <h3 className="wcl-subtitle">What etcd did lately</h3>
      <RecentCostTable recent={recent} span="last" />
      <h3 className="wcl-subtitle">What etcd did since the start</h3>
      <RecentCostTable recent={snapshot.etcd.total} span="start" />
      <h3 className="wcl-subtitle">What the apiserver holds for LISTs</h3>
      <p className="wcl-etcd-memory">
        <strong>{formatBytes(listBytesHeld)}</strong> held now for etcd's answers · peak{" "}
        <strong>{formatBytes(listBytesPeak)}</strong> ·{" "}
        <strong>{formatCount(rangesInFlight)}</strong> range requests in flight to etcd (peak{" "}
        {formatCount(rangesInFlightPeak)})
      </p>
      <p className="wcl-muted">
        A page from etcd is held while etcd serves it (the apiserver decodes a copy of every
        object); a page from the cache only for the instant it is served.
      </p>
      <h3 className="wcl-subtitle">Range requests over time: busy slots and the queue</h3>
      <div ref={containerRef} className="wcl-chart wcl-chart--short">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`etcd's busy slots and queue over time; ${queued} queued now`}
        />
      </div>
      <Legend items={chartLegend} />
    </>
  );
}
