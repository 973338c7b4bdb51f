import {
  type ApiserverConfig,
  consistencyCheckerRuns,
  currentRvInDelegator,
  listCostEstimateWaits,
  timeoutObservationNs,
  waitsOnlyWhenBehind,
} from "../apiserver/config.ts";
import { RANGE_REASONS } from "../etcd/range-stats.ts";
import { at } from "../lib/at.ts";
import { transferNs } from "../list-costs.ts";
import { formatGoFloat } from "../metrics/go-float.ts";
import type { RequestTraceView } from "../request-traces.ts";
import type {
  HistogramView,
  ReadKind,
  RequestCounts,
  SimSnapshot,
  SnapshotView,
  VersionRules,
  WaiterView,
  WallView,
} from "../snapshot.ts";
import { type Nanos, NS_PER_MS, NS_PER_S } from "../time.ts";
import { READ_KINDS, WALL_OUTCOMES } from "./outcomes.ts";
import { MAX_RETRIES } from "./read-request.ts";
import type { RecentCost } from "./recent-cost.ts";
import { summariseRing } from "./ring-summary.ts";
import { valueNow } from "./schedule-value.ts";
import type { SeriesBuffer, SeriesSample } from "./series.ts";
import { etcdCostTerms, type World } from "./world.ts";

// What the page draws, read from a running world; every list is capped by the view.

/** watchcachelab_cache_lag_seconds: time since the first revision the cache lacks was committed. */
export function lagSeconds(world: World, nowNs: Nanos): number {
  const cacheRv = world.cache.resourceVersion;
  if (cacheRv >= world.kv.revision) return 0;
  const sinceNs = world.clock.reachedAt(cacheRv + 1);
  return sinceNs === null ? 0 : (nowNs - sinceNs) / NS_PER_S;
}

/** Gauges computed on demand, set before the metrics are read. */
export function refreshGauges(world: World): void {
  const { metrics, cache, etcd, rangeStats, listMemory } = world;
  const nowNs = world.scheduler.nowNs;
  metrics.timersStarted.set(cache.wakeupTimersStarted);
  metrics.timersPending.set(cache.wakeupTimersPending);
  metrics.etcdQueueLength.set(etcd.ranges.queued);
  metrics.cacheLagSeconds.set(lagSeconds(world, nowNs));
  for (const reason of RANGE_REASONS) {
    metrics.etcdBusySeconds(reason).set(rangeStats.busyNs(reason, nowNs) / NS_PER_S);
    metrics.etcdBytes(reason).set(rangeStats.bytes(reason));
  }
  metrics.etcdInFlight.set(rangeStats.inFlight);
  metrics.etcdInFlightPeak.set(rangeStats.inFlightPeak);
  metrics.listBytes.etcd.set(listMemory.etcdBytes);
  metrics.listBytes.cache.set(0);
  metrics.listBytesPeak.set(listMemory.peakBytes);
}

/**
 * The series' sampler for `world`. A sample is taken every 100 ms of a run, 3 000 in the default
 * 300 s benchmark: what never changes in a run (the wall's bucket: the world's config is fixed)
 * is looked up once, so the sample stays small enough that V8 need not optimise it.
 */
export function seriesSampler(world: World): (atNs: Nanos) => SeriesSample {
  const wallBucket = readWaitWallBucket(world);
  const { kv, cache, etcd, upstream, rangeStats } = world;
  return (atNs) => ({
    etcdRevision: kv.revision,
    cacheRv: cache.resourceVersion,
    lagSeconds: lagSeconds(world, atNs),
    capacity: cache.history.capacity,
    waiters: cache.waiterCount,
    etcdQueue: etcd.ranges.queued,
    // watchcachelab_etcd_busy_seconds_total summed over the range reasons.
    etcdBusySeconds: rangeStats.busyNsOfAll(atNs) / NS_PER_S,
    readWaits: upstream.readWait.count,
    readWaitsOverWall: at(upstream.readWait.counts, wallBucket),
  });
}

const asReadKind = (kind: string | undefined): ReadKind =>
  READ_KINDS.find((k) => k === kind) ?? "consistent";

/** Everything but the marks, which the run keeps outside the world (sim/marks.ts). */
export function takeSnapshot(
  world: World,
  view: SnapshotView,
  series: SeriesBuffer,
  recentCost: RecentCost,
): Omit<SimSnapshot, "marks" | "markCount"> {
  const { cache, kv, etcd, upstream, scheduler } = world;
  const nowNs = scheduler.nowNs;
  refreshGauges(world);
  const waiters: WaiterView[] = cache.waiters(Math.max(0, view.maxWaiters)).map((w) => ({
    id: w.id,
    kind: asReadKind(w.kind),
    startNs: w.startNs,
    deadlineNs: w.deadlineNs,
    targetRv: w.targetRv,
  }));
  const consistentReads: Record<string, number> = {};
  const family = world.registry.find("apiserver_watch_cache_consistent_read_total");
  for (const child of family?.children() ?? []) {
    if ("value" in child)
      consistentReads[`${child.labels["success"]}/${child.labels["fallback"]}`] = child.value;
  }
  return {
    nowNs,
    ready: world.apiserver.ready(),
    etcdRevision: kv.revision,
    compactedRevision: kv.compactedRevision,
    cacheRv: cache.resourceVersion,
    lagSeconds: lagSeconds(world, nowNs),
    ring: summariseRing(cache.history, nowNs, view.ringSegments, {
      increases: upstream.capacityIncrease.value,
      decreases: upstream.capacityDecrease.value,
    }),
    waiterCount: cache.waiterCount,
    waiters,
    timersPending: cache.wakeupTimersPending,
    recentOutcomes: world.outcomes.latest(view.maxOutcomes),
    outcomes: world.outcomes.countsCopy(),
    etcd: {
      inFlight: etcd.ranges.inFlight,
      queued: etcd.ranges.queued,
      concurrency: valueNow(world.scenarioNow().etcdConcurrency, nowNs),
      ...etcdCosts(world, nowNs),
      listBytesHeld: world.listMemory.etcdBytes,
      listBytesPeak: world.listMemory.peakBytes,
      rangesInFlight: world.rangeStats.inFlight,
      rangesInFlightPeak: world.rangeStats.inFlightPeak,
      recent: recentCost.view(nowNs),
      total: recentCost.total(nowNs),
    },
    readWait: histogramView(upstream.readWait),
    waitTally: cache.waitTally,
    wall: wallView(world),
    rules: versionRules(cache.config),
    consistentReads,
    requests: requestCounts(world),
    series: series.view(view.seriesPoints),
    ...traceField(world, view),
  };
}

/** Sums a counter family's children by one label. */
function sumsBy(world: World, name: string, label: string): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const child of world.registry.find(name)?.children() ?? []) {
    if (!("value" in child)) continue;
    const key = child.labels[label] ?? "";
    sums[key] = (sums[key] ?? 0) + child.value;
  }
  return sums;
}

function requestCounts(world: World): RequestCounts {
  const attempts = sumsBy(world, "watchcachelab_reads_total", "kind");
  const listsByKind: RequestCounts["listsByKind"] = {};
  for (const child of world.registry.find("watchcachelab_lists_total")?.children() ?? []) {
    if (!("value" in child)) continue;
    const kind = asReadKind(child.labels["kind"]);
    const byOutcome = listsByKind[kind] ?? {};
    listsByKind[kind] = byOutcome;
    const outcome = child.labels["outcome"] ?? "";
    byOutcome[outcome] = (byOutcome[outcome] ?? 0) + child.value;
  }
  const listDuration: RequestCounts["listDuration"] = {};
  for (const child of world.registry.find("watchcachelab_list_duration_seconds")?.children() ??
    []) {
    if ("cumulative" in child)
      listDuration[asReadKind(child.labels["kind"])] = histogramView(child);
  }
  return {
    listsByOutcome: sumsBy(world, "watchcachelab_lists_total", "outcome"),
    attempts: Object.values(attempts).reduce((sum, n) => sum + n, 0),
    maxRetries: MAX_RETRIES,
    retries: world.outcomes.retries,
    listsByKind,
    listDuration,
  };
}

function traceField(
  world: World,
  view: SnapshotView,
): { trace?: RequestTraceView; tracedIds: number[] } {
  const traces = world.reads.traces;
  // Asking for a trace follows it: it stays kept after it ends (what is kept changes no metric).
  if (view.traceOf !== undefined) traces.follow(view.traceOf);
  const trace = view.traceOf === undefined ? undefined : traces.view(view.traceOf);
  return trace === undefined ? { tracedIds: traces.ids() } : { trace, tracedIds: traces.ids() };
}

function etcdCosts(world: World, nowNs: Nanos): { latencyMs: number; fullListMs: number } {
  const { kv } = world;
  const latencyMs = valueNow(world.scenarioNow().etcdLatency, nowNs);
  const objects = kv.countAt(kv.resourcePrefix, kv.revision);
  const objectBytes = world.scenarioNow().objectBytes;
  return {
    latencyMs,
    fullListMs:
      latencyMs + transferNs(objects, objectBytes, etcdCostTerms(world.scenarioNow())) / NS_PER_MS,
  };
}

/** Where a wait that hits the wall lands in apiserver_watch_cache_read_wait_seconds. */
export function readWaitWall(world: World): { observedS: number; bucket: number; le: string } {
  const observedS = timeoutObservationNs(world.cache.config) / NS_PER_S;
  const bucket = readWaitWallBucket(world);
  const bound = world.upstream.readWait.bounds[bucket];
  return { observedS, bucket, le: bound === undefined ? "+Inf" : formatGoFloat(bound) };
}

/** The read-wait bucket a read that hits the wall counts in. */
function readWaitWallBucket(world: World): number {
  return world.upstream.readWait.bucketOf(timeoutObservationNs(world.cache.config) / NS_PER_S);
}

function wallView(world: World): WallView {
  const { blockTimeoutNs, timerLatencyNs } = world.cache.config;
  const { observedS, bucket, le } = readWaitWall(world);
  return {
    blockTimeoutNs,
    timerLatencyNs,
    timeoutObservedS: observedS,
    outcomes: WALL_OUTCOMES,
    readWaitBucket: bucket,
    readWaitBucketLe: le,
  };
}

function versionRules(config: ApiserverConfig): VersionRules {
  return {
    waitsOnlyWhenBehind: waitsOnlyWhenBehind(config.version),
    currentRvInDelegator: currentRvInDelegator(config.version),
    listCostEstimateWaits: listCostEstimateWaits(config.version),
    consistencyChecks: consistencyCheckerRuns(config.version),
  };
}

function histogramView(h: {
  bounds: readonly number[];
  cumulative(): number[];
  sum: number;
  count: number;
}): HistogramView {
  return { bounds: [...h.bounds], cumulative: h.cumulative(), sum: h.sum, count: h.count };
}
