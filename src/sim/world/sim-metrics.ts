import type { MetricFamily, MetricsRegistry, Sample } from "../metrics/registry.ts";

// The simulator's own series (SCENARIO.md, "The command line"), next to the upstream ones.

export interface SimMetrics {
  /** watchcachelab_reads_total: one sample per attempt. */
  read(kind: string, servedBy: string, code: number): Sample;
  readonly etcdRequests: MetricFamily<Sample>;
  readonly timersStarted: Sample;
  readonly timersPending: Sample;
  readonly etcdQueueLength: Sample;
  readonly cacheLagSeconds: Sample;
}

export function registerSimMetrics(registry: MetricsRegistry): SimMetrics {
  const reads = registry.counter(
    "watchcachelab_reads_total",
    "Read attempts by read kind, by who served them (cache, etcd or none) and by HTTP status.",
    ["kind", "served_by", "code"],
  );
  const timersStarted = registry.counter(
    "watchcachelab_wakeup_timers_started_total",
    "Wake-up timers (upstream: goroutines) started by waits for freshness.",
    [],
  );
  const timersPending = registry.gauge(
    "watchcachelab_wakeup_timers_pending",
    "Wake-up timers still sleeping.",
    [],
  );
  const etcdRequests = registry.counter(
    "watchcachelab_etcd_requests_total",
    "Requests etcd answered, by reason.",
    ["reason"],
  );
  const queue = registry.gauge(
    "watchcachelab_etcd_queue_length",
    "Range requests waiting for an etcd slot.",
    [],
  );
  const lag = registry.gauge(
    "watchcachelab_cache_lag_seconds",
    "Time since the first revision the cache has not taken in was committed; 0 when caught up.",
    [],
  );
  const byKey = new Map<string, Sample>();
  return {
    read(kind, servedBy, code) {
      const key = `${kind} ${servedBy} ${code}`;
      let sample = byKey.get(key);
      if (sample === undefined) {
        sample = reads.with({ kind, served_by: servedBy, code: `${code}` });
        byKey.set(key, sample);
      }
      return sample;
    },
    etcdRequests,
    timersStarted: timersStarted.with({}),
    timersPending: timersPending.with({}),
    etcdQueueLength: queue.with({}),
    cacheLagSeconds: lag.with({}),
  };
}
