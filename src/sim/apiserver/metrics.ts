import type { HistogramSample, MetricsRegistry, Sample } from "../metrics/registry.ts";

// The upstream watch-cache metrics (SEMANTICS §6; upstream: cacher/metrics/metrics.go) with
// HEAD's names, labels and buckets in every simulated version. Every series this resource can
// produce is created up front, so an untouched one prints as 0 rather than being absent.

export type ConsistentReadFallback = "false" | "true" | "skipped";
export type ConsistencyCheckStatus = "success" | "failure" | "error";
export type DispatchStage = "total" | "storage_to_cache" | "cache_to_watcher";

export const READ_WAIT_BUCKETS_S = [
  0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3,
] as const;
const INIT_DURATION_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180, 600];
const DISPATCH_BUCKETS_S = [
  0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

// upstream: the combinations delegator.go can record (a skipped fallback never succeeds)
const CONSISTENT_READ_SERIES: ReadonlyArray<readonly [boolean, ConsistentReadFallback]> = [
  [true, "false"],
  [true, "true"],
  [false, "false"],
  [false, "true"],
  [false, "skipped"],
];

export interface WatchCacheMetrics {
  /** apiserver_watch_cache_read_wait_seconds, observed in seconds. */
  readonly readWait: HistogramSample;
  consistentRead(success: boolean, fallback: ConsistentReadFallback): Sample;
  readonly eventsReceived: Sample;
  readonly eventsDispatched: Sample;
  /** apiserver_watch_cache_resource_version (RV mod 10^15). */
  readonly resourceVersion: Sample;
  readonly capacity: Sample;
  readonly capacityIncrease: Sample;
  readonly capacityDecrease: Sample;
  readonly initializations: Sample;
  readonly initializationErrors: Sample;
  readonly initializationDuration: HistogramSample;
  readonly initEvents: Sample;
  readonly terminatedWatchers: Sample;
  consistencyChecks(status: ConsistencyCheckStatus): Sample;
  cacheList(index: string): Sample;
  cacheListFetchedObjects(index: string): Sample;
  readonly cacheListReturnedObjects: Sample;
  dispatchDuration(stage: DispatchStage): HistogramSample;
}

const GR = ["group", "resource"] as const;

export function registerWatchCacheMetrics(
  registry: MetricsRegistry,
  group = "",
  resource = "pods",
): WatchCacheMetrics {
  const gr = { group, resource };
  const counter = (name: string, help: string) => registry.counter(name, help, GR).with(gr);
  const gauge = (name: string, help: string) => registry.gauge(name, help, GR).with(gr);
  const readWait = registry
    .histogram(
      "apiserver_watch_cache_read_wait_seconds",
      "Time a read spent waiting for the watch cache to become fresh.",
      GR,
      READ_WAIT_BUCKETS_S,
    )
    .with(gr);
  const consistentRead = registry.counter(
    "apiserver_watch_cache_consistent_read_total",
    "Consistent reads served by the watch cache, by outcome and by whether they fell back to storage.",
    [...GR, "success", "fallback"],
  );
  for (const [s, f] of CONSISTENT_READ_SERIES)
    consistentRead.with({ ...gr, success: `${s}`, fallback: f });
  const eventsReceived = counter(
    "apiserver_watch_cache_events_received_total",
    "Events the watch cache took in from storage.",
  );
  const eventsDispatched = counter(
    "apiserver_watch_cache_events_dispatched_total",
    "Items the dispatcher took from the incoming queue, bookmarks included.",
  );
  const resourceVersion = gauge(
    "apiserver_watch_cache_resource_version",
    "The watch cache's resource version (modulo 10^15).",
  );
  const capacity = gauge("watch_cache_capacity", "Slots in the watch cache's history ring.");
  capacity.set(100);
  const capacityIncrease = counter(
    "watch_cache_capacity_increase_total",
    "Times the history ring grew.",
  );
  const capacityDecrease = counter(
    "watch_cache_capacity_decrease_total",
    "Times the history ring shrank.",
  );
  const initializations = counter(
    "apiserver_watch_cache_initializations_total",
    "Times the watch cache was initialized from a list.",
  );
  const initializationErrors = counter(
    "apiserver_watch_cache_initialization_errors_total",
    "Failed watch cache initializations.",
  );
  const initializationDuration = registry
    .histogram(
      "apiserver_watch_cache_initialization_duration_seconds",
      "How long initializing the watch cache took.",
      GR,
      INIT_DURATION_BUCKETS_S,
    )
    .with(gr);
  const initEvents = counter("apiserver_init_events_total", "Initial events sent to new watchers.");
  const terminatedWatchers = counter(
    "apiserver_terminated_watchers_total",
    "Watchers closed by the apiserver because they could not keep up or the cache reset.",
  );
  const checks = registry.counter(
    "apiserver_storage_consistency_checks_total",
    "Periodic comparisons of the watch cache with storage, by result.",
    [...GR, "status"],
  );
  for (const status of ["success", "failure", "error"]) checks.with({ ...gr, status });
  const list = registry.counter(
    "apiserver_cache_list_total",
    "Lists served from the watch cache (deprecated in 1.37.0).",
    [...GR, "index"],
  );
  const fetched = registry.counter(
    "apiserver_cache_list_fetched_objects_total",
    "Objects read while serving lists from the watch cache (deprecated in 1.37.0).",
    [...GR, "index"],
  );
  list.with({ ...gr, index: "" });
  fetched.with({ ...gr, index: "" });
  const cacheListReturnedObjects = counter(
    "apiserver_cache_list_returned_objects_total",
    "Objects returned by lists served from the watch cache (deprecated in 1.37.0).",
  );
  const dispatch = registry.histogram(
    "apiserver_watch_events_dispatch_duration_seconds",
    "Time from an event's storage record to its dispatch, by stage.",
    [...GR, "stage"],
    DISPATCH_BUCKETS_S,
  );
  for (const stage of ["total", "storage_to_cache", "cache_to_watcher"])
    dispatch.with({ ...gr, stage });
  return {
    readWait,
    consistentRead: (success, fallback) =>
      consistentRead.with({ ...gr, success: `${success}`, fallback }),
    eventsReceived,
    eventsDispatched,
    resourceVersion,
    capacity,
    capacityIncrease,
    capacityDecrease,
    initializations,
    initializationErrors,
    initializationDuration,
    initEvents,
    terminatedWatchers,
    consistencyChecks: (status) => checks.with({ ...gr, status }),
    cacheList: (index) => list.with({ ...gr, index }),
    cacheListFetchedObjects: (index) => fetched.with({ ...gr, index }),
    cacheListReturnedObjects,
    dispatchDuration: (stage) => dispatch.with({ ...gr, stage }),
  };
}
