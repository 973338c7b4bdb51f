import { memo, useContext } from "react";
import type { SimSnapshot } from "../../../model/index.ts";
import type { MetricsWindowStore } from "../../../state/metrics-window.ts";
import { RuntimeContext } from "../../../state/runtime-context.ts";
import { formatCount, formatPercent } from "../shared/format.ts";
import { PanelFrame } from "../shared/PanelFrame.tsx";
import { CopyPrometheusButton, type PrometheusTextSource } from "./CopyPrometheusButton.tsx";
import { consistentReadRows, fellBackToEtcd } from "./consistentReadRows.ts";
import { histogramQuantile } from "./histogramBuckets.ts";
import { ReadWaitHistogram } from "./ReadWaitHistogram.tsx";
import { WindowedReadings } from "./WindowedReadings.tsx";
import { WindowPicker } from "./WindowPicker.tsx";

const CAPTION =
  "The watch cache's own metrics, as Prometheus would scrape them: how long reads waited for the " +
  "cache (a fat 3 s bucket means a cache chronically behind) and how often etcd had to answer.";

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
    <PanelFrame title="Metrics" caption={CAPTION} hasSnapshot={snapshot !== null}>
      {snapshot && (
        <MetricsBody
          snapshot={snapshot}
          prometheusText={prometheusText}
          metricsWindow={metricsWindow}
          run={run}
        />
      )}
    </PanelFrame>
  );
});

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
  const p99 = histogramQuantile(0.99, readWait);
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
      <h3 className="wcl-subtitle wcl-mono">apiserver_watch_cache_read_wait_seconds</h3>
      <p className="wcl-muted">
        {formatCount(readWait.count)} waits · sum {readWait.sum.toFixed(2)} s · p99 ≈{" "}
        {p99 === null ? "—" : `${p99.toFixed(2)} s`}
      </p>
      <ReadWaitHistogram histogram={readWait} />

      <h3 className="wcl-subtitle wcl-mono">apiserver_watch_cache_consistent_read_total</h3>
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
      <CopyPrometheusButton source={prometheusText} />
    </>
  );
}
