import type { Outcome, SimSnapshot } from "../../model/index.ts";
import { histogramQuantile } from "../panels/metrics/histogramBuckets.ts";
import { formatCount } from "../panels/shared/format.ts";

// The figures twin runs are compared by: what a run answered, what it cost etcd, and the ring.

interface KeyMetric {
  id: string;
  label: string;
  /** Shown after the value; "" for counts. */
  unit: string;
  /** Part of the divergence strip's difference series (the rest only appear in the table). */
  inStrip: boolean;
  value(snapshot: SimSnapshot): number;
}

const answered = (snapshot: SimSnapshot, outcomes: readonly Outcome[]) => {
  let total = 0;
  for (const byOutcome of Object.values(snapshot.outcomes)) {
    for (const outcome of outcomes) total += byOutcome[outcome];
  }
  return total;
};

export const KEY_METRICS: readonly KeyMetric[] = [
  {
    id: "fallbacks",
    label: "fallbacks to etcd",
    unit: "",
    inStrip: true,
    value: (s) => answered(s, ["fallback"]),
  },
  { id: "429", label: "429 answers", unit: "", inStrip: true, value: (s) => answered(s, ["429"]) },
  { id: "504", label: "504 answers", unit: "", inStrip: true, value: (s) => answered(s, ["504"]) },
  {
    id: "p99",
    label: "read-wait p99 so far",
    unit: "s",
    inStrip: true,
    value: (s) => histogramQuantile(0.99, s.readWait) ?? 0,
  },
  {
    id: "capacity",
    label: "ring capacity",
    unit: "",
    inStrip: true,
    value: (s) => s.ring.capacity,
  },
  { id: "etcdQueue", label: "etcd queue", unit: "", inStrip: true, value: (s) => s.etcd.queued },
  {
    id: "etcdQueuePeak",
    label: "etcd queue, sampled peak",
    unit: "",
    inStrip: false,
    value: (s) => s.series.etcdQueue.reduce((peak, queued) => Math.max(peak, queued), 0),
  },
  {
    id: "cache",
    label: "served by the cache",
    unit: "",
    inStrip: false,
    value: (s) => answered(s, ["cache", "cacheAfterWait"]),
  },
  { id: "waiters", label: "waiting now", unit: "", inStrip: false, value: (s) => s.waiterCount },
  { id: "lag", label: "cache lag", unit: "s", inStrip: false, value: (s) => s.lagSeconds },
];

export const STRIP_METRICS = KEY_METRICS.filter((metric) => metric.inStrip);

/** A value as the table and strip print it: counts whole, seconds to the millisecond. */
export function formatMetric(value: number, unit: string): string {
  if (unit === "s") return `${value.toFixed(3)} s`;
  return formatCount(value);
}

export function formatDifference(value: number, unit: string): string {
  if (value === 0) return "=";
  if (unit === "s" && Math.abs(value) < 0.0005) return value > 0 ? "+<0.001 s" : "−<0.001 s";
  return `${value > 0 ? "+" : "−"}${formatMetric(Math.abs(value), unit)}`;
}
