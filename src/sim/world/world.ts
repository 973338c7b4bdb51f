import type { ApiserverConfig } from "../apiserver/config.ts";
import { DEFAULT_EVENT_FRESH_DURATION_NS } from "../apiserver/config.ts";
import type { CacheDelegator } from "../apiserver/delegator.ts";
import { registerWatchCacheMetrics, type WatchCacheMetrics } from "../apiserver/metrics.ts";
import { WatchCache } from "../apiserver/watch-cache.ts";
import { EtcdKv } from "../etcd/kv.ts";
import { RangeStats } from "../etcd/range-stats.ts";
import { EtcdServer } from "../etcd/server.ts";
import type { EtcdCostTerms } from "../list-costs.ts";
import { MetricsRegistry } from "../metrics/registry.ts";
import { RequestTraces } from "../request-traces.ts";
import { Randomness } from "../rng.ts";
import { followsPages, type Scenario } from "../scenario/index.ts";
import { Scheduler } from "../scheduler.ts";
import type { Storage } from "../storage/interfaces.ts";
import { type Nanos, NS_PER_MS, NS_PER_S, NS_PER_US } from "../time.ts";
import { type Apiserver, buildApiserver } from "./apiserver.ts";
import { startCompactor } from "./compactor.ts";
import { ListMemory } from "./list-memory.ts";
import { EXACT_WINDOW_NS, OpenLoop, type RecordedArrivals } from "./open-loop.ts";
import { OutcomeLog } from "./outcomes.ts";
import { POD_PREFIX, PodIndexes } from "./pods.ts";
import { type AttemptObserver, type ListApi, type ReadDeps, ReadSeries } from "./read-request.ts";
import { Reflector } from "./reflector.ts";
import { RequestDeadlines } from "./request-deadlines.ts";
import { RetryTimers } from "./retry-timers.ts";
import { RevisionClock } from "./revision-clock.ts";
import { RywClients } from "./ryw-clients.ts";
import { valueNow } from "./schedule-value.ts";
import { registerSimMetrics, type SimMetrics } from "./sim-metrics.ts";
import { WatchStream } from "./watch-stream.ts";
import { Watchers } from "./watchers.ts";

// Everything a run is made of, wired together in its start state (docs/fidelity.md "World", the start): etcd
// holding `objects` pods at revisions 2…objects+1, the cache initialised at that revision with an
// empty ring, the watch stream open after it, and the clients of the scenario.

export interface World {
  readonly scheduler: Scheduler;
  readonly registry: MetricsRegistry;
  readonly upstream: WatchCacheMetrics;
  readonly metrics: SimMetrics;
  readonly kv: EtcdKv;
  readonly etcd: EtcdServer;
  /** What etcd's range slots did, by reason, and the requests in flight to them. */
  readonly rangeStats: RangeStats;
  /** Bytes the apiserver holds for LIST responses, and their peak. */
  readonly listMemory: ListMemory;
  readonly cache: WatchCache;
  readonly apiserver: Apiserver;
  readonly stream: WatchStream;
  readonly reflector: Reflector;
  readonly clock: RevisionClock;
  readonly outcomes: OutcomeLog;
  readonly reads: ReadDeps;
  readonly openLoop: OpenLoop;
  readonly ryw: RywClients;
  readonly watchers: Watchers;
  scenarioNow(): Scenario;
}

export function apiserverConfig(scenario: Scenario): ApiserverConfig {
  return {
    version: scenario.k8s,
    gates: scenario.gatesInForce,
    blockTimeoutNs: scenario.blockTimeout * NS_PER_MS,
    timerLatencyNs: Math.round(scenario.timerLatency * NS_PER_MS),
    // upstream: kube-apiserver raises EventsHistoryWindow to RequestTimeout + 15 s
    eventFreshDurationNs: Math.max(
      DEFAULT_EVENT_FRESH_DURATION_NS,
      (scenario.requestTimeout + 15) * NS_PER_S,
    ),
    whatif: scenario.whatif,
    consistentReadSupported: true,
    walkNsPerObject: toNs(scenario.cacheCost),
  };
}

/** The scenario's etcd cost terms in nanoseconds (list-costs.ts). */
export const etcdCostTerms = (scenario: Scenario): EtcdCostTerms => ({
  nsPerObject: toNs(scenario.etcdObjectCost),
  nsPer2KiB: toNs(scenario.etcdByteCost),
});

/** µs to ns, to a thousandth of a ns: 1.581 µs is 1581 ns, not 1581.0000000000002. */
const toNs = (us: number): number => Math.round(us * NS_PER_US * 1000) / 1000;

export interface WorldOptions {
  /** Count RV=0 reads on a ready cache without running them (world/read-request.ts ServedAtOnce). */
  readonly countRv0AtOnce: boolean;
  /** Arrivals to replay instead of drawing them (sim/script/ runs a script so). */
  readonly replay?: RecordedArrivals | null;
  /** Where the open loop writes down each arrival (sim/script/ exports a scenario so). */
  readonly record?: RecordedArrivals | null;
  /** Wraps etcd as the apiserver calls it, to watch each request's storage calls. */
  readonly tapStorage?: (storage: Storage) => Storage;
  /** Wraps the apiserver's LIST entry as clients call it, to watch each request sent. */
  readonly tapApi?: (delegator: CacheDelegator) => ListApi;
  /** Told of every answer as its client gets it. */
  readonly settled?: AttemptObserver;
  /** Told after the cacher terminated its watchers (sim/script/ ends its clients' watches so). */
  readonly watchersTerminated?: () => void;
  /** When the cacher was made, relative to t=0 (sim/script/: as the oracle's harness makes it). */
  readonly cacherCreatedAtNs?: Nanos;
}

/** Parts built after etcd that etcd's hooks reach (the wiring is circular by nature). */
interface Late {
  stream: WatchStream | null;
  reflector: Reflector | null;
  cache: WatchCache | null;
  watchers: Watchers | null;
}

interface Core {
  readonly scenario: () => Scenario;
  readonly scheduler: Scheduler;
  readonly metrics: SimMetrics;
  readonly upstream: WatchCacheMetrics;
  readonly randomness: Randomness;
  readonly late: Late;
}

export function buildWorld(scenario: () => Scenario, options: WorldOptions): World {
  const initial = scenario();
  const scheduler = new Scheduler();
  const registry = new MetricsRegistry();
  const upstream = registerWatchCacheMetrics(registry, initial.k8s);
  const metrics = registerSimMetrics(registry);
  const randomness = new Randomness(initial.seed);
  const late: Late = { stream: null, reflector: null, cache: null, watchers: null };
  const core: Core = { scenario, scheduler, metrics, upstream, randomness, late };
  const { kv, etcd, clock, rangeStats, listMemory, podIndexes } = buildEtcd(core);
  const storage = options.tapStorage?.(etcd) ?? etcd;
  etcd.callsThrough(storage);
  const side = buildApiserverSide(core, etcd, storage, options);
  const clients = buildClients(core, options, etcd, side, { clock, podIndexes }, listMemory);
  startCompactor(scheduler, etcd, initial.compaction);
  clock.primeDrops();
  return {
    scheduler,
    registry,
    upstream,
    metrics,
    kv,
    etcd,
    rangeStats,
    listMemory,
    clock,
    ...side,
    ...clients,
    scenarioNow: scenario,
  };
}

function buildEtcd(core: Core) {
  const { scenario, scheduler, metrics, upstream, late } = core;
  const initial = scenario();
  const kv = new EtcdKv(1, POD_PREFIX);
  const podIndexes = new PodIndexes(kv, Math.max(1, initial.objects));
  podIndexes.createFirst(initial.objects);
  const clock = new RevisionClock(kv.revision, EXACT_WINDOW_NS, {
    current: () => late.cache?.resourceVersion ?? 0,
    lowestNext: () => late.reflector?.lowestNextRevision() ?? 0,
  });
  const listMemory = new ListMemory();
  const rangeStats = new RangeStats((bytes) => listMemory.holdFromEtcd(bytes));
  const costs = {
    concurrency: (t: Nanos) => valueNow(scenario().etcdConcurrency, t),
    latencyNs: (t: Nanos) => Math.ceil(valueNow(scenario().etcdLatency, t) * NS_PER_MS),
    answered: (reason: string) => metrics.etcdRequest(reason).inc(),
    objectBytes: initial.objectBytes,
    transfer: etcdCostTerms(initial),
    observer: rangeStats,
  };
  const etcd = new EtcdServer(
    scheduler,
    kv,
    costs,
    {
      count: (reason) => metrics.etcdRequest(reason).inc(),
      onPodCommit: () => late.stream?.onCommit(),
      onProgressNotify: (rv, sentAtNs) => late.stream?.sendBookmark(rv, sentAtNs),
      onCompact: (rev) => late.reflector?.beforeCompaction(rev),
      onRevision: (rev) => clock.record(scheduler.nowNs, rev),
      // Lists without selectors: etcd3 evaluates and returns every object it fetched.
      listed: (objects) => upstream.storageList.record("etcd", "", objects, objects, objects),
    },
    initial.k8s,
  );
  return { kv, etcd, clock, rangeStats, listMemory, podIndexes };
}

// The watch cache initialised at etcd's revision (ring empty), the cacher and delegator over it,
// and the reflector with its watch stream open after that revision.
function buildApiserverSide(
  core: Core,
  etcd: EtcdServer,
  storage: Storage,
  { watchersTerminated, cacherCreatedAtNs }: WorldOptions,
) {
  const { scenario, scheduler, upstream, late } = core;
  const config = { ...apiserverConfig(scenario()), createdAtNs: cacherCreatedAtNs ?? 0 };
  const cache = new WatchCache({
    scheduler,
    config,
    metrics: upstream,
    storage,
    keyPrefix: POD_PREFIX,
    // etcd and the cache key pods under one prefix: the cache keeps etcd's key strings.
    keyOf: (pod) => etcd.kv.keyOf(pod),
    indexers: [],
  });
  late.cache = cache;
  const apiserver = buildApiserver({
    scheduler,
    config,
    cache,
    storage,
    metrics: upstream,
    onWatchersTerminated: () => {
      late.watchers?.terminated();
      watchersTerminated?.();
    },
  });
  const reflector = new Reflector(
    scheduler,
    etcd,
    cache,
    () => stream,
    {
      onPending: (reason) => apiserver.goPending(reason),
      terminateWatchers: () => apiserver.terminateWatchers(),
    },
    scenario().k8s,
  );
  const jitter = core.randomness.stream("jitter");
  const stream: WatchStream = new WatchStream(scheduler, etcd.kv, jitter, scenario, reflector);
  late.reflector = reflector;
  late.stream = stream;
  const kv = etcd.kv;
  const keys: string[] = [];
  const start = kv.rangeAt(POD_PREFIX, kv.revision, 0, "", keys);
  cache.replace(start.ok ? start.items : [], kv.revision, start.ok ? keys : []);
  stream.openAfter(kv.revision);
  return { cache, apiserver, reflector, stream };
}

function buildClients(
  core: Core,
  options: WorldOptions,
  etcd: EtcdServer,
  { apiserver, cache }: { apiserver: Apiserver; cache: WatchCache },
  { clock, podIndexes }: { clock: RevisionClock; podIndexes: PodIndexes },
  memory: ListMemory,
) {
  const { scenario, scheduler, metrics, upstream, randomness, late } = core;
  const initial = scenario();
  const outcomes = new OutcomeLog();
  let ids = 0;
  const reads: ReadDeps = {
    scheduler,
    api: options.tapApi?.(apiserver.delegator) ?? apiserver.delegator,
    metrics,
    outcomes,
    retry: initial.retry,
    retries: new RetryTimers(scheduler, scheduler.kind("client.retry")),
    requestTimeoutNs: initial.requestTimeout * NS_PER_S,
    deadlines: new RequestDeadlines(scheduler),
    nextId: () => ++ids,
    pool: [],
    upstream,
    traces: new RequestTraces(),
    followPages: followsPages(initial),
    settled: options.settled ?? null,
    objectBytes: initial.objectBytes,
    walkNsPerObject: toNs(initial.cacheCost),
    memory,
    series: new ReadSeries(metrics),
  };
  const openLoop = new OpenLoop(initial, {
    randomness,
    etcd,
    reads,
    clock,
    podIndexes,
    nowNs: () => scheduler.nowNs,
    cachedObjects: () => cache.storage.store.size,
    rv0AnsweredAtOnce: () =>
      options.countRv0AtOnce && !initial.whatif.noRvGuard && apiserver.ready(),
    replay: options.replay ?? null,
    record: options.record ?? null,
  });
  const ryw = new RywClients({
    scheduler,
    etcd,
    reads,
    consistentLimit: initial.limits.consistent,
    podPick: randomness.stream("ryw.pod"),
    pods: Math.max(1, initial.objects),
    pinned: initial.rywRead === "pinned",
  });
  const watchers = new Watchers({ scheduler, apiserver, reads, scenario, cache });
  late.watchers = watchers;
  return { outcomes, reads, openLoop, ryw, watchers };
}
