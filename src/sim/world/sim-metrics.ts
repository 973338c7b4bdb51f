import type { MetricsRegistry, Sample } from "../metrics/registry.ts";

// The simulator's own series (docs/scenarios.md, "The command line"), next to the upstream ones.

export interface SimMetrics {
  /** watchcachelab_reads_total: one sample per attempt. */
  read(kind: string, servedBy: string, code: number): Sample;
  /** watchcachelab_etcd_requests_total{reason}. */
  etcdRequest(reason: string): Sample;
  readonly timersStarted: Sample;
  readonly timersPending: Sample;
  readonly etcdQueueLength: Sample;
  readonly cacheLagSeconds: Sample;
}

const MAX_RECENT = 8;

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
  const byReason = new Map<string, Sample>();
  // The first few label sets seen, compared by value: most attempts are one of a handful.
  const recent: { kind: string; servedBy: string; code: number; sample: Sample }[] = [];
  // (kind, served_by) → code → sample: no key string and no closure per attempt
  const bySource = new Map<string, Map<string, Map<number, Sample>>>();
  return {
    read(kind, servedBy, code) {
      for (const r of recent) {
        if (r.code === code && r.kind === kind && r.servedBy === servedBy) return r.sample;
      }
      let byServer = bySource.get(kind);
      if (byServer === undefined) {
        byServer = new Map();
        bySource.set(kind, byServer);
      }
      let byCode = byServer.get(servedBy);
      if (byCode === undefined) {
        byCode = new Map();
        byServer.set(servedBy, byCode);
      }
      let sample = byCode.get(code);
      if (sample === undefined) {
        sample = reads.with({ kind, served_by: servedBy, code: `${code}` });
        byCode.set(code, sample);
      }
      if (recent.length < MAX_RECENT) recent.push({ kind, servedBy, code, sample });
      return sample;
    },
    etcdRequest(reason) {
      let sample = byReason.get(reason);
      if (sample === undefined) {
        sample = etcdRequests.with({ reason });
        byReason.set(reason, sample);
      }
      return sample;
    },
    timersStarted: timersStarted.with({}),
    timersPending: timersPending.with({}),
    etcdQueueLength: queue.with({}),
    cacheLagSeconds: lag.with({}),
  };
}
