import { defined } from "../lib/at.ts";
import {
  HistogramSample,
  type Labels,
  type MetricFamily,
  type MetricsRegistry,
  type MetricType,
  Sample,
} from "../metrics/registry.ts";
import { atLeast, type K8sVersion } from "../scenario/k8s-version.ts";
import { registerStorageListMetrics, type StorageListMetrics } from "./storage-list-metrics.ts";

// The upstream watch-cache metrics (upstream: cacher/metrics/metrics.go) as the simulated version
// registers them: its names, help texts (with component-base's stability annotation), labels and
// buckets. A child is exposed from the moment upstream calls WithLabelValues for it, which is
// where it is first used (docs/fidelity.md, "When a series appears"): the capacity gauge and
// the dispatch histogram's three stages when the cacher is built, the RV gauge and the
// initialisation series at the first Replace, every other child on its first increment or
// observation. A family with no child yet is not exposed.
//
// By version (release-1.33 … release-1.36 and the pinned commit):
// - 1.33 labels every series by `resource` alone: the group-resource string ("pods"), except
//   consistent_read_total and storage_consistency_checks_total, which take the resource prefix
//   ("/pods"), and the apiserver_cache_list_* counters, labelled `resource_prefix` ("/pods");
//   storage_consistency_checks_total is INTERNAL there. 1.34+ label by `group` and `resource`.
// - initialization_errors_total, initialization_duration_seconds and the watch events' dispatch
//   duration exist only in 1.37; the apiserver_cache_list_* counters are deprecated in 1.37.0.
// - 1.36+ truncate the RV gauge to its 15 least significant digits (and say so in its help).
// A series the version lacks is kept as an unregistered sample, so the model counts the same way
// in every version and only the text differs.

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

/** Which label names a family's group-resource part takes in a version. */
type Scope = "groupResource" | "prefix" | "listPrefix";

interface FamilySpec {
  readonly type: MetricType;
  readonly name: string;
  /** Upstream's help text, before component-base's annotations. */
  readonly help: string;
  readonly scope?: Scope;
  /** Registered only from this version on. */
  readonly since?: K8sVersion;
  readonly deprecatedIn137?: boolean;
  readonly internalIn133?: boolean;
}

/** Single-series counters and gauges labelled only by the group-resource part. */
const PLAIN = {
  eventsReceived: {
    type: "counter",
    name: "apiserver_watch_cache_events_received_total",
    help: "Counter of events received in watch cache broken by resource type.",
  },
  eventsDispatched: {
    type: "counter",
    name: "apiserver_watch_cache_events_dispatched_total",
    help: "Counter of events dispatched in watch cache broken by resource type.",
  },
  resourceVersion: {
    type: "gauge",
    name: "apiserver_watch_cache_resource_version",
    help: "Current resource version of watch cache broken by resource type.",
  },
  capacity: {
    type: "gauge",
    name: "watch_cache_capacity",
    help: "Total capacity of watch cache broken by resource type.",
  },
  capacityIncrease: {
    type: "counter",
    name: "watch_cache_capacity_increase_total",
    help: "Total number of watch cache capacity increase events broken by resource type.",
  },
  capacityDecrease: {
    type: "counter",
    name: "watch_cache_capacity_decrease_total",
    help: "Total number of watch cache capacity decrease events broken by resource type.",
  },
  initializations: {
    type: "counter",
    name: "apiserver_watch_cache_initializations_total",
    help: "Counter of watch cache initializations broken by resource type.",
  },
  initializationErrors: {
    type: "counter",
    name: "apiserver_watch_cache_initialization_errors_total",
    help: "Counter of watch cache initialization errors broken by resource type.",
    since: "1.37",
  },
  initEvents: {
    type: "counter",
    name: "apiserver_init_events_total",
    help: "Counter of init events processed in watch cache broken by resource type.",
  },
  terminatedWatchers: {
    type: "counter",
    name: "apiserver_terminated_watchers_total",
    help: "Counter of watchers closed due to unresponsiveness broken by resource type.",
  },
  cacheListReturnedObjects: {
    type: "counter",
    name: "apiserver_cache_list_returned_objects_total",
    help: "Number of objects returned for a LIST request from watch cache",
    scope: "listPrefix",
    deprecatedIn137: true,
  },
} as const satisfies Record<string, FamilySpec>;

const READ_WAIT: FamilySpec = {
  type: "histogram",
  name: "apiserver_watch_cache_read_wait_seconds",
  help: "Histogram of time spent waiting for a watch cache to become fresh.",
};
const INIT_DURATION: FamilySpec = {
  type: "histogram",
  name: "apiserver_watch_cache_initialization_duration_seconds",
  help: "Histogram of watch cache initialization duration in seconds, broken by resource type.",
  since: "1.37",
};
const CONSISTENT_READ: FamilySpec = {
  type: "counter",
  name: "apiserver_watch_cache_consistent_read_total",
  help: "Counter for consistent reads from cache.",
  scope: "prefix",
};
const CONSISTENCY_CHECKS: FamilySpec = {
  type: "counter",
  name: "apiserver_storage_consistency_checks_total",
  help: "Counter for status of consistency checks between etcd and watch cache",
  scope: "prefix",
  internalIn133: true,
};
const CACHE_LIST: FamilySpec = {
  type: "counter",
  name: "apiserver_cache_list_total",
  help: "Number of LIST requests served from watch cache",
  scope: "listPrefix",
  deprecatedIn137: true,
};
const CACHE_LIST_FETCHED: FamilySpec = {
  type: "counter",
  name: "apiserver_cache_list_fetched_objects_total",
  help: "Number of objects read from watch cache in the course of serving a LIST request",
  scope: "listPrefix",
  deprecatedIn137: true,
};
const DISPATCH: FamilySpec = {
  type: "histogram",
  name: "apiserver_watch_events_dispatch_duration_seconds",
  help: "Histogram of watch event dispatch latency broken by resource type and pipeline stage. The 'total' stage is the end-to-end latency of a delivered event.",
  since: "1.37",
};

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
  /** apiserver_storage_list_*: a LIST's cost to etcd or (1.37) to the watch cache. */
  readonly storageList: StorageListMetrics;
  /** What the RV gauge shows for `rv` (upstream: RecordResourceVersion). */
  resourceVersionValue(rv: number): number;
};

/** The help text as component-base registers it: stability level, then any deprecation. */
function helpOf(spec: FamilySpec, version: K8sVersion): string {
  let help = spec.help;
  if (spec.name === PLAIN.resourceVersion.name && atLeast(version, "1.36")) {
    help += " This is truncated to the 15 least significant digits.";
  }
  if (spec.deprecatedIn137 && atLeast(version, "1.37")) help = `(Deprecated since 1.37.0) ${help}`;
  const level = spec.internalIn133 && !atLeast(version, "1.34") ? "INTERNAL" : "ALPHA";
  return `[${level}] ${help}`;
}

export function registerWatchCacheMetrics(
  registry: MetricsRegistry,
  version: K8sVersion = "1.37",
  group = "",
  resource = "pods",
): WatchCacheMetrics {
  const v133 = !atLeast(version, "1.34");
  // upstream 1.33: groupResource.String() and the cacher's resourcePrefix
  const groupResource = group === "" ? resource : `${resource}.${group}`;
  const prefix = `/${resource}`;
  const scoped = (scope: Scope = "groupResource"): Labels => {
    if (!v133) return { group, resource };
    if (scope === "listPrefix") return { resource_prefix: prefix };
    return { resource: scope === "prefix" ? prefix : groupResource };
  };
  const registered = (spec: FamilySpec) => spec.since === undefined || atLeast(version, spec.since);
  const family = (spec: FamilySpec, extra: string[] = [], bounds: readonly number[] = []) => {
    const labelNames = [...Object.keys(scoped(spec.scope)), ...extra];
    const help = helpOf(spec, version);
    if (spec.type === "histogram") return registry.histogram(spec.name, help, labelNames, bounds);
    return registry[spec.type](spec.name, help, labelNames);
  };
  const plainSample = (spec: FamilySpec): Sample => {
    const labels = scoped(spec.scope);
    return registered(spec)
      ? (family(spec) as MetricFamily<Sample>).lazy(labels)
      : new Sample(labels);
  };
  const histogramSample = (spec: FamilySpec, bounds: readonly number[]): HistogramSample => {
    const labels = scoped(spec.scope);
    if (!registered(spec)) return new HistogramSample(labels, bounds);
    return (family(spec, [], bounds) as MetricFamily<HistogramSample>).lazy(labels);
  };
  const plain = {} as Record<keyof typeof PLAIN, Sample>;
  for (const [field, spec] of Object.entries(PLAIN)) {
    plain[field as keyof typeof PLAIN] = plainSample(spec);
  }
  // upstream: watch_cache_history.go newWatchCacheHistory records the initial capacity
  plain.capacity.set(100);
  const readWait = histogramSample(READ_WAIT, READ_WAIT_BUCKETS_S);
  const initializationDuration = histogramSample(INIT_DURATION, INIT_DURATION_BUCKETS_S);
  const labelled = (spec: FamilySpec, ...extra: string[]) =>
    family(spec, extra) as MetricFamily<Sample>;
  const consistentRead = labelled(CONSISTENT_READ, "success", "fallback");
  const checks = labelled(CONSISTENCY_CHECKS, "status");
  const list = labelled(CACHE_LIST, "index");
  const fetched = labelled(CACHE_LIST_FETCHED, "index");
  const dispatch = registered(DISPATCH)
    ? (family(DISPATCH, ["stage"], DISPATCH_BUCKETS_S) as MetricFamily<HistogramSample>)
    : null;
  // Children are looked up on hot paths (every list, every consistent read): by value, not by
  // building and joining a label set each call.
  const byValue = <S>(make: (labels: Labels) => S, base: Labels, label: string) => {
    const children = new Map<string, S>();
    // Most calls repeat the last value (every LIST from the cache is index ""): no map lookup.
    let lastValue: string | null = null;
    let lastChild: S | undefined;
    return (value: string): S => {
      // A value seen before set the child with it.
      if (value === lastValue) return defined(lastChild);
      let child = children.get(value);
      if (child === undefined) {
        child = make({ ...base, [label]: value });
        children.set(value, child);
      }
      lastValue = value;
      lastChild = child;
      return child;
    };
  };
  const child =
    <S>(f: MetricFamily<S>) =>
    (labels: Labels) =>
      f.lazy(labels);
  const prefixed = scoped("prefix");
  const listed = scoped("listPrefix");
  const readsSucceeded = byValue(
    child(consistentRead),
    { ...prefixed, success: "true" },
    "fallback",
  );
  const readsFailed = byValue(child(consistentRead), { ...prefixed, success: "false" }, "fallback");
  const dispatchMake =
    dispatch === null
      ? (labels: Labels) => new HistogramSample(labels, DISPATCH_BUCKETS_S)
      : child(dispatch);
  const truncates = atLeast(version, "1.36");
  const metrics: WatchCacheMetrics = {
    ...plain,
    readWait,
    initializationDuration,
    consistentRead: (success, fallback) => (success ? readsSucceeded : readsFailed)(fallback),
    consistencyChecks: byValue(child(checks), prefixed, "status"),
    cacheList: byValue(child(list), listed, "index"),
    cacheListFetchedObjects: byValue(child(fetched), listed, "index"),
    dispatchDuration: byValue(dispatchMake, scoped(), "stage"),
    resourceVersionValue: (rv) => (truncates ? rv % 1e15 : rv),
    storageList: registerStorageListMetrics(registry, version, group, resource),
  };
  // upstream: cacher.go NewCacherFromConfig, metrics.NewWatcherMetricsObservers (every stage)
  for (const stage of STAGES) metrics.dispatchDuration(stage).appear();
  return metrics;
}
