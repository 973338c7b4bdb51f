import type { SeriesView } from "../../model/index.ts";
import { toSeconds } from "../../model/index.ts";

// The run's time series as CSV: one row per point of the snapshot's series, time in plain
// simulated seconds, so a spreadsheet or pandas reads it without a date parser.

const COLUMNS: readonly [header: string, column: keyof SeriesView][] = [
  ["time_s", "tNs"],
  ["etcd_revision", "etcdRevision"],
  ["cache_rv", "cacheRv"],
  ["lag_s", "lagSeconds"],
  ["capacity", "capacity"],
  ["waiters", "waiters"],
  ["etcd_queue", "etcdQueue"],
  // Cumulative slot-seconds etcd was busy (watchcachelab_etcd_busy_seconds_total summed).
  ["etcd_busy_seconds", "etcdBusySeconds"],
  // Cumulative: apiserver_watch_cache_read_wait_seconds_count, and the waits in the bucket a
  // timed-out wait lands in (le="+Inf" at the defaults: count − le="3").
  ["read_waits", "readWaits"],
  ["read_waits_over_wall", "readWaitsOverWall"],
];

const cell = (column: keyof SeriesView, value: number) =>
  String(column === "tNs" ? toSeconds(value) : value);

export function seriesCsv(series: SeriesView): string {
  const rows = [COLUMNS.map(([header]) => header).join(",")];
  for (let i = 0; i < series.tNs.length; i++) {
    rows.push(COLUMNS.map(([, column]) => cell(column, series[column][i] ?? Number.NaN)).join(","));
  }
  return `${rows.join("\n")}\n`;
}
