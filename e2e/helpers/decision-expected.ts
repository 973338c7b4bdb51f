import { DEFAULT_PROM } from "../../src/state/prom-semantics.ts";
import { histogramQuantile } from "../../src/ui/panels/metrics/histogramBuckets.ts";
import {
  increase,
  maxOverTime,
  type PromWindow,
  windowQuantile,
} from "../../src/ui/panels/metrics/promql.ts";

/** The page's figures follow the default Prometheus unless the link says otherwise. */
const PROM = DEFAULT_PROM;

import type { CliSample } from "./cli-runs.ts";

// What each row of "What the change trades" must read, computed from the command line's samples
// of the same run (not from the page): the counters the row names, summed; a latency as
// histogram_quantile reads the buckets; over a window, PromQL's increase and max_over_time (the
// arithmetic of src/ui/panels/metrics/promql.ts, itself checked against Prometheus).

type Matcher = Record<string, string>;

interface RowCounters {
  unit: "s" | "count" | "slot-s" | "bytes";
  name: string;
  matcher: Matcher;
  kind: "counter" | "peak" | "quantile" | "retries";
  /** The "so far" gauge a peak reads since the start. */
  peakGauge?: string;
  q?: number;
}

const LISTS = "watchcachelab_lists_total";
const READS = "watchcachelab_reads_total";
const ETCD = "watchcachelab_etcd_requests_total";

function countersOf(id: string): RowCounters {
  const latency = /^p(50|99):(\w+)$/.exec(id);
  if (latency !== null) {
    return {
      unit: "s",
      kind: "quantile",
      name: "watchcachelab_list_duration_seconds_bucket",
      matcher: { kind: latency[2] ?? "" },
      q: Number(latency[1]) / 100,
    };
  }
  const counter = (unit: RowCounters["unit"], name: string, matcher: Matcher): RowCounters => ({
    unit,
    kind: "counter",
    name,
    matcher,
  });
  switch (id) {
    case "failed":
      return counter("count", LISTS, { outcome: "!ok" });
    case "429":
      return counter("count", READS, { code: "429" });
    case "504":
      return counter("count", READS, { code: "504" });
    case "retries":
      return { unit: "count", kind: "retries", name: READS, matcher: {} };
    case "ryw":
      return counter("count", LISTS, { kind: "ryw", outcome: "ok" });
    case "fallbackLists":
      return counter("count", ETCD, { reason: "fallback" });
    case "delegatedLists":
      return counter("count", ETCD, { reason: "delegated" });
    case "quorum":
      return counter("count", ETCD, { reason: "current_rv" });
    case "busy":
      return counter("slot-s", "watchcachelab_etcd_busy_seconds_total", {});
    case "bytes":
      return counter("bytes", "watchcachelab_etcd_bytes_total", {});
    case "peakInFlight":
      return {
        unit: "count",
        kind: "peak",
        name: "watchcachelab_etcd_ranges_in_flight",
        matcher: {},
        peakGauge: "watchcachelab_etcd_ranges_in_flight_peak",
      };
    case "listBytesPeak":
      return {
        unit: "bytes",
        kind: "peak",
        name: "watchcachelab_apiserver_list_bytes",
        matcher: { source: "etcd" },
        peakGauge: "watchcachelab_apiserver_list_bytes_peak",
      };
    default:
      throw new Error(`no counters for the row ${id}`);
  }
}

const matches = (sample: CliSample, name: string, matcher: Matcher, run: string) =>
  sample.name === name &&
  sample.labels["run"] === run &&
  Object.entries(matcher).every(([label, wanted]) =>
    wanted.startsWith("!")
      ? sample.labels[label] !== wanted.slice(1)
      : sample.labels[label] === wanted,
  );

/** Every series `name{matcher}` of run `run`, each its points in time order. */
function seriesOf(samples: readonly CliSample[], name: string, matcher: Matcher, run: string) {
  const byLabels = new Map<string, { le: number; points: { tS: number; value: number }[] }>();
  for (const sample of samples) {
    if (!matches(sample, name, matcher, run)) continue;
    const key = JSON.stringify(sample.labels);
    const series = byLabels.get(key) ?? { le: Number(sample.labels["le"]), points: [] };
    series.points.push({ tS: sample.tS, value: sample.value });
    byLabels.set(key, series);
  }
  return [...byLabels.values()].sort((a, b) => a.le - b.le);
}

const sumOf = (samples: readonly CliSample[], name: string, matcher: Matcher, run: string) =>
  samples.filter((s) => matches(s, name, matcher, run)).reduce((total, s) => total + s.value, 0);

/** The row's value since the start, from the Prometheus text at the run's end. */
export function expectedSince(samples: readonly CliSample[], run: string, id: string) {
  const row = countersOf(id);
  let value: number | null;
  if (row.kind === "quantile") {
    const buckets = seriesOf(samples, row.name, row.matcher, run);
    const cumulative = buckets.map((b) => b.points[0]?.value ?? 0);
    value =
      buckets.length === 0
        ? null
        : histogramQuantile(row.q ?? 0, {
            bounds: buckets.slice(0, -1).map((b) => b.le),
            cumulative,
            sum: 0,
            count: cumulative.at(-1) ?? 0,
          });
  } else if (row.kind === "peak") {
    value = sumOf(samples, row.peakGauge ?? "", {}, run);
  } else if (row.kind === "retries") {
    value =
      sumOf(samples, READS, { code: "!200" }, run) - sumOf(samples, LISTS, { outcome: "!ok" }, run);
  } else {
    value = sumOf(samples, row.name, row.matcher, run);
  }
  return { value, unit: row.unit };
}

const sumIncrease = (series: { points: { tS: number; value: number }[] }[], window: PromWindow) =>
  // PromQL's sum: the series with a result added, none when none has one.
  series.reduce<number | null>((total, s) => {
    const rise = increase(s.points, window);
    return rise === null ? total : (total ?? 0) + rise;
  }, null);

/** The row's value over `(atS − windowS, atS]` (Prometheus 3), from the OpenMetrics scrapes. */
export function expectedWindow(
  scrapes: readonly CliSample[],
  run: string,
  id: string,
  atS: number,
  windowS: number,
) {
  const row = countersOf(id);
  const window: PromWindow = { atS, windowS, semantics: PROM };
  const series = (name: string, matcher: Matcher) => seriesOf(scrapes, name, matcher, run);
  let value: number | null;
  if (row.kind === "quantile") {
    const buckets = series(row.name, row.matcher);
    value =
      buckets.length === 0
        ? Number.NaN
        : windowQuantile(
            row.q ?? 0,
            {
              bounds: buckets.slice(0, -1).map((b) => b.le),
              points: buckets.map((b) => b.points),
            },
            window,
          );
  } else if (row.kind === "peak") {
    const highs = series(row.name, row.matcher).map((s) => maxOverTime(s.points, window));
    value = highs.reduce<number | null>((a, b) => (b === null ? a : Math.max(a ?? b, b)), null);
  } else if (row.kind === "retries") {
    const errors = sumIncrease(series(READS, { code: "!200" }), window);
    const failed = sumIncrease(series(LISTS, { outcome: "!ok" }), window);
    value = errors === null || failed === null ? null : errors - failed;
  } else {
    value = sumIncrease(series(row.name, row.matcher), window);
  }
  return { value, unit: row.unit };
}

/**
 * A row of the key metrics table (ui/twin/keyMetrics.ts) as the command line's counters give it,
 * or null for the two the export has no series for (the etcd queue's peak as the page's series
 * sampled it, and the reads waiting now).
 */
export function expectedKeyMetric(
  samples: readonly CliSample[],
  run: string,
  label: string,
): { value: number; unit: string } | null {
  const sum = (name: string, matcher: Matcher) => sumOf(samples, name, matcher, run);
  switch (label) {
    case "fallbacks to etcd":
      return { value: sum(ETCD, { reason: "fallback" }), unit: "" };
    case "429 answers":
      return { value: sum(READS, { code: "429" }), unit: "" };
    case "504 answers":
      return { value: sum(READS, { code: "504" }), unit: "" };
    case "served by the cache":
      return { value: sum(READS, { served_by: "cache", code: "200" }), unit: "" };
    case "ring capacity":
      return { value: sum("watch_cache_capacity", {}), unit: "" };
    case "etcd queue":
      return { value: sum("watchcachelab_etcd_queue_length", {}), unit: "" };
    case "cache lag":
      return { value: sum("watchcachelab_cache_lag_seconds", {}), unit: "s" };
    case "read-wait p99 so far": {
      const buckets = seriesOf(samples, "apiserver_watch_cache_read_wait_seconds_bucket", {}, run);
      const cumulative = buckets.map((b) => b.points[0]?.value ?? 0);
      const p99 = histogramQuantile(0.99, {
        bounds: buckets.slice(0, -1).map((b) => b.le),
        cumulative,
        sum: 0,
        count: cumulative.at(-1) ?? 0,
      });
      return { value: p99 ?? 0, unit: "s" };
    }
    default:
      return null;
  }
}
