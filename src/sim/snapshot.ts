import type { WaitTallyView } from "./apiserver/wait-tally.ts";
import type { MarkView } from "./marks.ts";
import type { ReadKind } from "./read-kind.ts";
import type { RequestTraceView } from "./request-traces.ts";
import type { Nanos } from "./time.ts";

// What the page draws, taken from a running Simulation. Its size depends on the screen (segment,
// waiter and point budgets passed in a SnapshotView), never on the workload.

export interface SnapshotView {
  /** How many segments the history ring is summarised into. */
  ringSegments: number;
  /** How many waiters are listed individually; the rest are only counted. */
  maxWaiters: number;
  /** How many recent request outcomes are listed. */
  maxOutcomes: number;
  /** How many points each time series is downsampled to. */
  seriesPoints: number;
  /** The request whose trace the snapshot carries (the page's selection), if any. */
  traceOf?: number;
}

export interface RingSegment {
  /** Absolute indexes [fromIndex, toIndex) of the events the segment covers. */
  fromIndex: number;
  toIndex: number;
  oldestRv: number;
  newestRv: number;
  /** Age (now − RecordTime) of the segment's oldest and newest events. */
  oldestAgeNs: Nanos;
  newestAgeNs: Nanos;
}

export interface RingSummary {
  capacity: number;
  lowerBound: number;
  upperBound: number;
  startIndex: number;
  endIndex: number;
  freshWindowNs: Nanos;
  /** Age of the oldest event (the grow test), or null when the ring is empty. */
  oldestAgeNs: Nanos | null;
  /** Age of the event at endIndex − capacity/4 (the shrink test), or null when not full. */
  quarterAgeNs: Nanos | null;
  segments: RingSegment[];
  increases: number;
  decreases: number;
}

export type { ReadKind } from "./read-kind.ts";

export interface WaiterView {
  id: number;
  kind: ReadKind;
  startNs: Nanos;
  deadlineNs: Nanos;
  targetRv: number;
}

export type Outcome =
  | "cache" // served from the cache at once
  | "cacheAfterWait" // served from the cache after waiting
  | "etcd" // delegated to etcd
  | "fallback" // waited, hit the wall, served by etcd
  | "429"
  | "504"
  | "410"
  | "other"; // any other error (for example a request timeout)

/** Every outcome, from the happy path to the failures (a stacked bar reads good → bad). */
export const OUTCOMES: readonly Outcome[] = [
  "cache",
  "cacheAfterWait",
  "etcd",
  "fallback",
  "429",
  "504",
  "410",
  "other",
];

export interface OutcomeView {
  id: number;
  kind: ReadKind;
  outcome: Outcome;
  atNs: Nanos;
  waitedNs: Nanos;
  code: number;
  /** The error message the client got, or "" on success. */
  message: string;
}

/** The wall a waiting read runs into, as this run models it: the page words and draws it from here. */
export interface WallView {
  /** How long a read waits for the cache before it gets its answer (the scenario's blockTimeout). */
  blockTimeoutNs: Nanos;
  /** The answers a waiting read gets when it reaches the wall. */
  outcomes: readonly Outcome[];
  /** From the wall until a timed-out read has resumed (its timer's wake-up latency). */
  timerLatencyNs: Nanos;
  /** What a read that hits the wall observes in read_wait_seconds: blockTimeout + timerLatency. */
  timeoutObservedS: number;
  /**
   * The read-wait bucket such a read lands in, the one to watch ("over the wall"): an index into
   * `bounds`, or `bounds.length` for +Inf (at the defaults). The buckets below hold waits that
   * ended in time.
   */
  readWaitBucket: number;
  /** That bucket's `le` label as Prometheus text writes it ("+Inf", "3"). */
  readWaitBucketLe: string;
}

/** The version rules this run follows, for the page to say which code the run runs. */
export interface VersionRules {
  /** 1.37 times only a read the cache is behind; up to 1.36 (`waitUntilFreshAndBlock`) every read
   * with rv > 0 starts the timer and is observed. */
  waitsOnlyWhenBehind: boolean;
  /** 1.33: the delegator fetches a consistent read's RV from etcd itself, before the cacher. */
  currentRvInDelegator: boolean;
  /** 1.34+: the size-based list cost estimate makes a few waits no client asked for (not modelled). */
  listCostEstimateWaits: boolean;
  /** 1.34+: the cache consistency checker lists from the cache and etcd every 5–7.5 min (not modelled). */
  consistencyChecks: boolean;
}

export interface HistogramView {
  /** Upper bounds in seconds, ascending, without +Inf. */
  bounds: number[];
  /** Cumulative counts per bound, then the +Inf count last. */
  cumulative: number[];
  sum: number;
  count: number;
}

export interface SeriesView {
  tNs: Float64Array;
  etcdRevision: Float64Array;
  cacheRv: Float64Array;
  lagSeconds: Float64Array;
  capacity: Float64Array;
  waiters: Float64Array;
  etcdQueue: Float64Array;
  /**
   * Slot-seconds etcd has spent serving range requests so far (watchcachelab_etcd_busy_seconds_total
   * summed): the difference of two points over their interval is the mean number of busy slots.
   */
  etcdBusySeconds: Float64Array;
  /** Observations of apiserver_watch_cache_read_wait_seconds so far. */
  readWaits: Float64Array;
  /** Of those, the ones in the bucket a wait that hit the wall lands in (ReadWaitView.wallBucket). */
  readWaitsOverWall: Float64Array;
}

/** Why a request reached etcd (watchcachelab_etcd_requests_total{reason}), writes aside. */
export type EtcdReason = "delegated" | "fallback" | "current_rv" | "progress" | "reflector";

/** What etcd did for one reason over a window: differences of the per-reason counters. */
export interface EtcdReasonCost {
  /** Requests answered (watchcachelab_etcd_requests_total). */
  requests: number;
  /** Slot-seconds spent serving them (watchcachelab_etcd_busy_seconds_total). */
  busySeconds: number;
  /** Bytes returned (watchcachelab_etcd_bytes_total). */
  bytes: number;
}

/** What etcd did over a window (the last second, or since the start), by reason. */
export interface EtcdRecentView {
  windowSeconds: number;
  byReason: Record<EtcdReason, EtcdReasonCost>;
}

/** The clients' LISTs counted two ways (watches aside): what a comparison must not mix. */
export interface RequestCounts {
  /** watchcachelab_lists_total summed over kinds, by outcome ("ok" or the HTTP status finally got). */
  listsByOutcome: Record<string, number>;
  /** watchcachelab_reads_total summed: every attempt, each page and each retry one. */
  attempts: number;
  /** The retries a client makes per page request before it keeps the last error. */
  maxRetries: number;
  /** Attempts sent again after an answer with Retry-After, since the start. */
  retries: number;
  /** watchcachelab_lists_total by read kind, then by outcome (kinds with an ended LIST only). */
  listsByKind: Partial<Record<ReadKind, Record<string, number>>>;
  /** watchcachelab_list_duration_seconds by read kind: the clients' latency of a whole LIST. */
  listDuration: Partial<Record<ReadKind, HistogramView>>;
}

export interface SimSnapshot {
  nowNs: Nanos;
  ready: boolean;
  etcdRevision: number;
  compactedRevision: number;
  cacheRv: number;
  lagSeconds: number;
  ring: RingSummary;
  waiterCount: number;
  waiters: WaiterView[];
  timersPending: number;
  recentOutcomes: OutcomeView[];
  /** outcomes[kind][outcome] = count since the start of the run. */
  outcomes: Record<ReadKind, Record<Outcome, number>>;
  etcd: {
    inFlight: number;
    queued: number;
    concurrency: number;
    /** etcdLatency now: what every range request takes before its per-object cost. */
    latencyMs: number;
    /** What serving a full LIST of the resource takes now (latency + per object), queueing aside. */
    fullListMs: number;
    /** Bytes the apiserver holds now for etcd's LIST answers, and the most held at once (etcd and
     * cache) since the start (watchcachelab_apiserver_list_bytes, _peak). */
    listBytesHeld: number;
    listBytesPeak: number;
    /** Range requests sent to etcd and not answered (queued or in service), and their peak. */
    rangesInFlight: number;
    rangesInFlightPeak: number;
    /** What etcd did over the last second, so a 7 ms request never passes unseen. */
    recent: EtcdRecentView;
    /** What etcd did since the start of the run (windowSeconds: the run's length so far). */
    total: EtcdRecentView;
  };
  readWait: HistogramView;
  /** The same waits counted exactly: within 110 ms, within 250 ms, at the wall (KEP-2340's bounds). */
  waitTally: WaitTallyView;
  wall: WallView;
  rules: VersionRules;
  /** Logical LIST requests and the attempts they made since the start, in the counters' units. */
  requests: RequestCounts;
  /** apiserver_watch_cache_consistent_read_total by "success/fallback" label pair. */
  consistentReads: Record<string, number>;
  series: SeriesView;
  /** Notable moments so far (sim/marks.ts): every first-of-a-kind and the most recent others. */
  marks: MarkView[];
  /** Marks recorded since the start, including those no longer kept. */
  markCount: number;
  /** The trace of the request `traceOf` names, when one was recorded (sim/request-traces.ts). */
  trace?: RequestTraceView;
  /** The requests a trace is kept for, ascending: the ones worth offering to follow. */
  tracedIds?: number[];
}
