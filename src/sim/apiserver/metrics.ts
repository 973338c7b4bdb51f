import type {
  HistogramSample,
  Labels,
  MetricFamily,
  MetricsRegistry,
  Sample,
} from "../metrics/registry.ts";

// The upstream watch-cache metrics (upstream: cacher/metrics/metrics.go) with
// HEAD's names, labels and buckets in every simulated version. Series labelled only by group and
// resource, and the histograms, are created up front so an untouched one prints as 0; a counter
// with further labels prints only the combinations that occurred (docs/scenarios.md, "The command line").

export type ConsistentReadFallback = "false" | "true" | "skipped";
export type ConsistencyCheckStatus = "success" | "failure" | "error";
export type DispatchStage = "total" | "storage_to_cache" | "cache_to_watcher";

const READ_WAIT_BUCKETS_S = [
  0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3,
] as const;
const INIT_DURATION_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180, 600];
const DISPATCH_BUCKETS_S = [
  0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

const STAGES: readonly DispatchStage[] = ["total", "storage_to_cache", "cache_to_watcher"];

/** Single-series counters and gauges labelled only by group and resource: [type, name, help]. */
const PLAIN = {
  eventsReceived: [
    "counter",
    "apiserver_watch_cache_events_received_total",
    "Events the watch cache took in from storage.",
  ],
  eventsDispatched: [
    "counter",
    "apiserver_watch_cache_events_dispatched_total",
    "Items the dispatcher took from the incoming queue, bookmarks included.",
  ],
  resourceVersion: [
    "gauge",
    "apiserver_watch_cache_resource_version",
    "The watch cache's resource version (modulo 10^15).",
  ],
  capacity: ["gauge", "watch_cache_capacity", "Slots in the watch cache's history ring."],
  capacityIncrease: [
    "counter",
    "watch_cache_capacity_increase_total",
    "Times the history ring grew.",
  ],
  capacityDecrease: [
    "counter",
    "watch_cache_capacity_decrease_total",
    "Times the history ring shrank.",
  ],
  initializations: [
    "counter",
    "apiserver_watch_cache_initializations_total",
    "Times the watch cache was initialized from a list.",
  ],
  initializationErrors: [
    "counter",
    "apiserver_watch_cache_initialization_errors_total",
    "Failed watch cache initializations.",
  ],
  initEvents: ["counter", "apiserver_init_events_total", "Initial events sent to new watchers."],
  terminatedWatchers: [
    "counter",
    "apiserver_terminated_watchers_total",
    "Watchers the apiserver closed because they fell behind or the cache reset.",
  ],
  cacheListReturnedObjects: [
    "counter",
    "apiserver_cache_list_returned_objects_total",
    "Objects returned by lists served from the watch cache (deprecated in 1.37.0).",
  ],
} as const;

export type WatchCacheMetrics = { readonly [K in keyof typeof PLAIN]: Sample } & {
  /** apiserver_watch_cache_read_wait_seconds, observed in seconds. */
  readonly readWait: HistogramSample;
  readonly initializationDuration: HistogramSample;
  /** The labelled counters' children are created on first use: call them only to count. */
  consistentRead(success: boolean, fallback: ConsistentReadFallback): Sample;
  consistencyChecks(status: ConsistencyCheckStatus): Sample;
  cacheList(index: string): Sample;
  cacheListFetchedObjects(index: string): Sample;
  dispatchDuration(stage: DispatchStage): HistogramSample;
};

const GR = ["group", "resource"] as const;

export function registerWatchCacheMetrics(
  registry: MetricsRegistry,
  group = "",
  resource = "pods",
): WatchCacheMetrics {
  const gr = { group, resource };
  const plain = {} as Record<keyof typeof PLAIN, Sample>;
  for (const [field, [type, name, help]] of Object.entries(PLAIN)) {
    plain[field as keyof typeof PLAIN] = registry[type](name, help, GR).with(gr);
  }
  plain.capacity.set(100); // upstream: the ring's initial capacity is recorded at construction
  const histogram = (name: string, help: string, bounds: readonly number[], extra: string[] = []) =>
    registry.histogram(name, help, [...GR, ...extra], bounds);
  const readWait = histogram(
    "apiserver_watch_cache_read_wait_seconds",
    "Time a read spent waiting for the watch cache to become fresh.",
    READ_WAIT_BUCKETS_S,
  ).with(gr);
  const initializationDuration = histogram(
    "apiserver_watch_cache_initialization_duration_seconds",
    "How long initializing the watch cache took.",
    INIT_DURATION_BUCKETS_S,
  ).with(gr);
  const labelled = (name: string, help: string, label: string) =>
    registry.counter(name, help, [...GR, label]);
  const consistentRead = registry.counter(
    "apiserver_watch_cache_consistent_read_total",
    "Consistent reads served by the watch cache, by outcome and by whether they fell back to storage.",
    [...GR, "success", "fallback"],
  );
  const checks = labelled(
    "apiserver_storage_consistency_checks_total",
    "Periodic comparisons of the watch cache with storage, by result.",
    "status",
  );
  const list = labelled(
    "apiserver_cache_list_total",
    "Lists served from the watch cache (deprecated in 1.37.0).",
    "index",
  );
  const fetched = labelled(
    "apiserver_cache_list_fetched_objects_total",
    "Objects read while serving lists from the watch cache (deprecated in 1.37.0).",
    "index",
  );
  const dispatch = histogram(
    "apiserver_watch_events_dispatch_duration_seconds",
    "Time from an event's storage record to its dispatch, by stage.",
    DISPATCH_BUCKETS_S,
    ["stage"],
  );
  // Children are looked up on hot paths (every list, every consistent read): by value, not by
  // building and joining a label set each call.
  const byValue = <S>(family: MetricFamily<S>, label: string, base: Labels = gr) => {
    const children = new Map<string, S>();
    return (value: string): S => {
      let child = children.get(value);
      if (child === undefined) {
        child = family.with({ ...base, [label]: value });
        children.set(value, child);
      }
      return child;
    };
  };
  const readsSucceeded = byValue(consistentRead, "fallback", { ...gr, success: "true" });
  const readsFailed = byValue(consistentRead, "fallback", { ...gr, success: "false" });
  const metrics: WatchCacheMetrics = {
    ...plain,
    readWait,
    initializationDuration,
    consistentRead: (success, fallback) => (success ? readsSucceeded : readsFailed)(fallback),
    consistencyChecks: byValue(checks, "status"),
    cacheList: byValue(list, "index"),
    cacheListFetchedObjects: byValue(fetched, "index"),
    dispatchDuration: byValue(dispatch, "stage"),
  };
  for (const stage of STAGES) metrics.dispatchDuration(stage);
  return metrics;
}
