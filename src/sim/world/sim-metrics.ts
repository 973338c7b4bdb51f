import type { HistogramSample, MetricsRegistry, Sample } from "../metrics/registry.ts";

// The simulator's own series (docs/scenarios.md, "The command line"), next to the upstream ones.

export interface SimMetrics {
  /** watchcachelab_reads_total: one sample per attempt. */
  read(kind: string, servedBy: string, code: number): Sample;
  /** watchcachelab_lists_total: one sample per logical LIST when it ends (`code` 200 is "ok"). */
  list(kind: string, code: number): Sample;
  /** watchcachelab_list_duration_seconds: a logical LIST's whole walk, as its client saw it. */
  listDuration(kind: string): HistogramSample;
  /** watchcachelab_etcd_requests_total{reason}. */
  etcdRequest(reason: string): Sample;
  /** Its value so far, 0 for a reason not seen yet (without adding a series for it). */
  etcdRequestsSoFar(reason: string): number;
  readonly timersStarted: Sample;
  readonly timersPending: Sample;
  readonly etcdQueueLength: Sample;
  readonly cacheLagSeconds: Sample;
  /** watchcachelab_etcd_busy_seconds_total{reason} and watchcachelab_etcd_bytes_total{reason}. */
  etcdBusySeconds(reason: string): Sample;
  etcdBytes(reason: string): Sample;
  readonly etcdInFlight: Sample;
  readonly etcdInFlightPeak: Sample;
  readonly listBytes: { readonly etcd: Sample; readonly cache: Sample };
  readonly listBytesPeak: Sample;
}

/** Client-side latency buckets: upstream's apiserver_request_duration_seconds bounds. */
export const LIST_DURATION_BOUNDS: readonly number[] = [
  0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45,
  60,
];

/** The outcome label of a logical LIST: "ok", or the HTTP status it finally got. */
export const listOutcome = (code: number): string => (code === 200 ? "ok" : `${code}`);

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
  const lists = registry.counter(
    "watchcachelab_lists_total",
    "Logical LIST requests by read kind, when they end (their last page, or when the client gave up): outcome ok or the HTTP status finally got.",
    ["kind", "outcome"],
  );
  const listDuration = registry.histogram(
    "watchcachelab_list_duration_seconds",
    "Client-side latency of a logical LIST, from its first request to its last page or last error, retries and pages included.",
    ["kind"],
    LIST_DURATION_BOUNDS,
  );
  const busy = registry.counter(
    "watchcachelab_etcd_busy_seconds_total",
    "Slot-seconds etcd spent serving range requests, by reason (accrued while in service).",
    ["reason"],
  );
  const bytes = registry.counter(
    "watchcachelab_etcd_bytes_total",
    "Bytes etcd's range requests returned, by reason (objects returned × objectBytes).",
    ["reason"],
  );
  const inFlight = registry.gauge(
    "watchcachelab_etcd_ranges_in_flight",
    "Range requests the apiserver has sent to etcd and not had answered (queued or in service).",
    [],
  );
  const inFlightPeak = registry.gauge(
    "watchcachelab_etcd_ranges_in_flight_peak",
    "The most range requests in flight at once so far.",
    [],
  );
  const listBytes = registry.gauge(
    "watchcachelab_apiserver_list_bytes",
    "Bytes the apiserver holds for LIST responses it is building, by source: etcd's while the range is served; the cache's only for the instant a page is served.",
    ["source"],
  );
  const listBytesPeak = registry.gauge(
    "watchcachelab_apiserver_list_bytes_peak",
    "The most bytes held for LIST responses at any instant so far (etcd and cache together).",
    [],
  );
  const requestsBy = new Children((reason: string) => etcdRequests.with({ reason }));
  const busyBy = new Children((reason: string) => busy.with({ reason }));
  const bytesBy = new Children((reason: string) => bytes.with({ reason }));
  // (kind, served_by) → code → sample: no key string and no closure per attempt
  const readsBy = new Children(
    (kind: string) =>
      new Children(
        (servedBy: string) =>
          new Children((code: number) =>
            reads.with({ kind, served_by: servedBy, code: `${code}` }),
          ),
      ),
  );
  const listsBy = new Children(
    (kind: string) =>
      new Children((code: number) => lists.with({ kind, outcome: listOutcome(code) })),
  );
  const durationsBy = new Children((kind: string) => listDuration.with({ kind }));
  // The first few label sets seen, compared by value: most attempts are one of a handful.
  const recent: { kind: string; servedBy: string; code: number; sample: Sample }[] = [];
  return {
    read(kind, servedBy, code) {
      for (const r of recent) {
        if (r.code === code && r.kind === kind && r.servedBy === servedBy) return r.sample;
      }
      const sample = readsBy.get(kind).get(servedBy).get(code);
      if (recent.length < MAX_RECENT) recent.push({ kind, servedBy, code, sample });
      return sample;
    },
    list: (kind, code) => listsBy.get(kind).get(code),
    listDuration: (kind) => durationsBy.get(kind),
    etcdBusySeconds: (reason) => busyBy.get(reason),
    etcdBytes: (reason) => bytesBy.get(reason),
    etcdInFlight: inFlight.with({}),
    etcdInFlightPeak: inFlightPeak.with({}),
    listBytes: {
      etcd: listBytes.with({ source: "etcd" }),
      cache: listBytes.with({ source: "cache" }),
    },
    listBytesPeak: listBytesPeak.with({}),
    etcdRequest: (reason) => requestsBy.get(reason),
    etcdRequestsSoFar: (reason) => requestsBy.peek(reason)?.value ?? 0,
    timersStarted: timersStarted.with({}),
    timersPending: timersPending.with({}),
    etcdQueueLength: queue.with({}),
    cacheLagSeconds: lag.with({}),
  };
}

/**
 * A family's children by one label's value, each made on its first use (a series appears once
 * touched) and found by value after that.
 */
class Children<K, V> {
  private readonly made = new Map<K, V>();
  private readonly make: (key: K) => V;

  constructor(make: (key: K) => V) {
    this.make = make;
  }

  get(key: K): V {
    let child = this.made.get(key);
    if (child === undefined) {
      child = this.make(key);
      this.made.set(key, child);
    }
    return child;
  }

  /** The child if it was made, without making it. */
  peek(key: K): V | undefined {
    return this.made.get(key);
  }
}
