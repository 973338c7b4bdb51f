import { memo, useContext } from "react";
import type { SimSnapshot, WallView } from "../../../model/index.ts";
import type { MetricsWindowStore } from "../../../state/metrics-window.ts";
import { RuntimeContext } from "../../../state/runtime-context.ts";
import { CodeBreaks } from "../../text/CodeBreaks.tsx";
import { formatCount, formatPercent, theWall } from "../shared/format.ts";
import { PanelFrame } from "../shared/PanelFrame.tsx";
import { CopyPrometheusButton, type PrometheusTextSource } from "./CopyPrometheusButton.tsx";
import { consistentReadRows, fellBackToEtcd } from "./consistentReadRows.ts";
import { type QuantileReading, quantileReading } from "./histogramBuckets.ts";
import { ReadWaitHistogram } from "./ReadWaitHistogram.tsx";
import { WindowedReadings } from "./WindowedReadings.tsx";
import { WindowPicker } from "./WindowPicker.tsx";

const caption = (wall: WallView | undefined) =>
  "The watch cache's own metrics, as Prometheus would scrape them: how long reads waited for the " +
  `cache (many waits over ${theWall(wall)} mean a cache chronically behind) and how often etcd ` +
  "had to answer.";

interface MetricsPanelProps {
  snapshot: SimSnapshot | null;
  /** Supplied by the shell (from the worker); without it the copy button is disabled. */
  prometheusText?: PrometheusTextSource;
  /** Which run of a twin this panel shows ("A" or "B"); absent for a run alone. */
  run?: string | undefined;
}

export const MetricsPanel = memo(function MetricsPanel({
  snapshot,
  prometheusText,
  run,
}: MetricsPanelProps) {
  const metricsWindow = useContext(RuntimeContext)?.metricsWindow;
  return (
    <PanelFrame panel="metrics" caption={caption(snapshot?.wall)} snapshot={snapshot}>
      {(shown) => (
        <MetricsBody
          snapshot={shown}
          prometheusText={prometheusText}
          metricsWindow={metricsWindow}
          run={run}
        />
      )}
    </PanelFrame>
  );
});

/** How the p99 was read, so a 3 s answer is not taken for a measured 3 s. */
function quantileNote(p99: QuantileReading): string {
  const how = "p99 is computed as Prometheus's histogram_quantile(0.99, …) does";
  if (!p99.inInf) return `${how}: linearly within the bucket that holds the 99th percentile.`;
  return (
    `${how}: the 99th percentile falls in +Inf, and a quantile inside +Inf answers the last ` +
    `finite bound, ${p99.seconds} s. Read it as "over ${p99.seconds} s", not as a measured time.`
  );
}

function MetricsBody({
  snapshot,
  prometheusText,
  metricsWindow,
  run,
}: {
  snapshot: SimSnapshot;
  prometheusText: PrometheusTextSource | undefined;
  metricsWindow: MetricsWindowStore | undefined;
  run: string | undefined;
}) {
  const { readWait, consistentReads, ring } = snapshot;
  const p99 = quantileReading(0.99, readWait);
  const rows = consistentReadRows(consistentReads);
  const totalConsistent = rows.reduce((sum, row) => sum + row.count, 0);

  return (
    <>
      {metricsWindow && (
        <>
          <WindowPicker store={metricsWindow} />
          <WindowedReadings store={metricsWindow} run={run} />
        </>
      )}
      <h3 className="wcl-subtitle wcl-mono">
        <CodeBreaks text="apiserver_watch_cache_read_wait_seconds" />
      </h3>
      <p className="wcl-muted">
        {formatCount(readWait.count)} waits · sum {readWait.sum.toFixed(2)} s · p99{" "}
        {p99 === null ? "—" : `${p99.inInf ? "" : "≈ "}${p99.seconds.toFixed(2)} s`}
      </p>
      <ReadWaitHistogram histogram={readWait} wall={snapshot.wall} />
      {p99 !== null && <p className="wcl-muted">{quantileNote(p99)}</p>}
      {snapshot.rules.listCostEstimateWaits && (
        <p className="wcl-muted">
          A real apiserver of this version shows a few more waits, about one a minute, even with no
          client reads: its size-based list cost estimate (SizeBasedListCostEstimate) lists the
          cache's keys fresh at etcd's current RV. The lab does not run that estimator.
        </p>
      )}

      <h3 className="wcl-subtitle wcl-mono">
        <CodeBreaks text="apiserver_watch_cache_consistent_read_total" />
      </h3>
      {rows.length === 0 ? (
        <p className="wcl-muted">No consistent read yet.</p>
      ) : (
        <table className="wcl-series">
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.success}/${row.fallback}`}>
                <td className="wcl-mono">
                  {`{success="${row.success}", fallback="${row.fallback}"}`}
                </td>
                <td className="wcl-number">{formatCount(row.count)}</td>
                <td className="wcl-muted">{row.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {totalConsistent > 0 && (
        <p className="wcl-muted">
          {formatPercent(fellBackToEtcd(consistentReads), totalConsistent)} of consistent reads hit
          the wall and were answered by etcd.
        </p>
      )}

      <p className="wcl-capacity">
        <span className="wcl-mono">watch_cache_capacity</span> {formatCount(ring.capacity)} ·{" "}
        <span className="wcl-mono">_increase_total</span> {formatCount(ring.increases)} ·{" "}
        <span className="wcl-mono">_decrease_total</span> {formatCount(ring.decreases)}
      </p>
      {snapshot.rules.consistencyChecks && (
        <p className="wcl-muted">
          A real apiserver of this version also checks its cache against etcd every 5 to 7.5 minutes
          (DetectCacheInconsistency): each check lists the cache at RV=0, then etcd at that RV in
          pages of 10 000, and counts{" "}
          <span className="wcl-mono">apiserver_storage_consistency_checks_total</span>. The lab does
          not run the checker, so its scrape has no such series and no such LISTs.
        </p>
      )}
      <CopyPrometheusButton source={prometheusText} />
    </>
  );
}
