import type { ApiserverConfig } from "../apiserver/config.ts";
import { DEFAULT_EVENT_FRESH_DURATION_NS } from "../apiserver/config.ts";
import { registerWatchCacheMetrics, type WatchCacheMetrics } from "../apiserver/metrics.ts";
import { WatchCache } from "../apiserver/watch-cache.ts";
import { EtcdKv } from "../etcd/kv.ts";
import { EtcdServer } from "../etcd/server.ts";
import { MetricsRegistry } from "../metrics/registry.ts";
import { Randomness } from "../rng.ts";
import type { Scenario } from "../scenario/index.ts";
import { Scheduler } from "../scheduler.ts";
import { NS_PER_MS, NS_PER_S } from "../time.ts";
import { type Apiserver, buildApiserver } from "./apiserver.ts";
import { startCompactor } from "./compactor.ts";
import { OpenLoop } from "./open-loop.ts";
import { OutcomeLog } from "./outcomes.ts";
import { POD_PREFIX, podSpec } from "./pods.ts";
import type { ReadDeps } from "./read-request.ts";
import { Reflector } from "./reflector.ts";
import { RevisionClock } from "./revision-clock.ts";
import { RywClients } from "./ryw-clients.ts";
import { valueNow } from "./schedule-value.ts";
import { registerSimMetrics, type SimMetrics } from "./sim-metrics.ts";
import { WatchStream } from "./watch-stream.ts";
import { Watchers } from "./watchers.ts";

// Everything a run is made of, wired together in its start state (SEMANTICS §11 "Start"): etcd
// holding `objects` pods at revisions 2…objects+1, the cache initialised at that revision with an
// empty ring, the watch stream open after it, and the clients of the scenario.

export interface World {
  readonly scheduler: Scheduler;
  readonly registry: MetricsRegistry;
  readonly upstream: WatchCacheMetrics;
  readonly metrics: SimMetrics;
  readonly kv: EtcdKv;
  readonly etcd: EtcdServer;
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

const EXACT_WINDOW_NS = 60 * NS_PER_S;
const MIN_FRESH_NS = DEFAULT_EVENT_FRESH_DURATION_NS;

export function apiserverConfig(scenario: Scenario): ApiserverConfig {
  return {
    version: scenario.k8s,
    gates: scenario.gates,
    blockTimeoutNs: scenario.blockTimeoutMs * NS_PER_MS,
    // upstream: kube-apiserver raises EventsHistoryWindow to RequestTimeout + 15 s
    eventFreshDurationNs: Math.max(MIN_FRESH_NS, (scenario.requestTimeoutS + 15) * NS_PER_S),
    whatif: scenario.whatif,
    consistentReadSupported: true,
  };
}

export interface WorldOptions {
  /** Count RV=0 reads on a ready cache without running them (ReadRequest.servedAtOnce). */
  readonly countRv0AtOnce: boolean;
}

export function buildWorld(scenario: () => Scenario, options: WorldOptions): World {
  const initial = scenario();
  const scheduler = new Scheduler();
  const registry = new MetricsRegistry();
  const upstream = registerWatchCacheMetrics(registry);
  const metrics = registerSimMetrics(registry);
  const randomness = new Randomness(initial.seed);
  const kv = new EtcdKv(1, POD_PREFIX);
  for (let i = 0; i < initial.objects; i++) kv.create(podSpec(i));
  let cache: WatchCache | null = null;
  let reflector: Reflector | null = null;
  let stream: WatchStream | null = null;
  const clock = new RevisionClock(kv.revision, EXACT_WINDOW_NS, () => cache?.resourceVersion ?? 0);
  const etcd = new EtcdServer(
    scheduler,
    kv,
    {
      concurrency: (t) => valueNow(scenario().etcdConcurrency, t),
      latencyNs: (t) => Math.ceil(valueNow(scenario().etcdLatency, t) * NS_PER_MS),
      requestTimeoutNs: initial.requestTimeoutS * NS_PER_S,
      answered: (reason) => metrics.etcdRequest(reason).inc(),
    },
    {
      count: (reason) => metrics.etcdRequest(reason).inc(),
      onPodCommit: () => stream?.onCommit(),
      onProgressNotify: (rv) => stream?.sendBookmark(rv),
      onCompact: (rev) => reflector?.beforeCompaction(rev),
      onRevision: (rev) => clock.record(scheduler.nowNs, rev),
    },
  );
  const config = apiserverConfig(initial);
  const watchCache = new WatchCache({
    scheduler,
    config,
    metrics: upstream,
    storage: etcd,
    keyPrefix: POD_PREFIX,
    indexers: [],
  });
  cache = watchCache;
  let watchers: Watchers | null = null;
  const apiserver = buildApiserver({
    scheduler,
    config,
    cache: watchCache,
    etcd,
    metrics: upstream,
    onWatchersTerminated: () => watchers?.terminated(),
  });
  reflector = new Reflector(scheduler, etcd, watchCache, () => stream as WatchStream, {
    onPending: (reason) => apiserver.goPending(reason),
  });
  stream = new WatchStream(scheduler, kv, randomness.stream("jitter"), scenario, reflector);
  const start = kv.rangeAt(POD_PREFIX, kv.revision, 0);
  watchCache.replace(start.ok ? start.items : [], kv.revision);
  stream.openAfter(kv.revision);
  startCompactor(scheduler, etcd, initial.compactionS);
  const outcomes = new OutcomeLog();
  let ids = 0;
  const reads: ReadDeps = {
    scheduler,
    api: apiserver.delegator,
    metrics,
    outcomes,
    retry: initial.retry,
    retryKind: scheduler.kind("client.retry"),
    nextId: () => ++ids,
    pool: [],
    upstream,
  };
  const openLoop = new OpenLoop(initial, {
    randomness,
    etcd,
    reads,
    clock,
    nowNs: () => scheduler.nowNs,
    cachedObjects: () => watchCache.storage.store.size,
    rv0AnsweredAtOnce: () =>
      options.countRv0AtOnce && !initial.whatif.noRvGuard && apiserver.ready(),
  });
  const ryw = new RywClients({
    scheduler,
    etcd,
    reads,
    podPick: randomness.stream("ryw.pod"),
    pods: Math.max(1, initial.objects),
    pinned: initial.rywRead === "pinned",
  });
  const clients = new Watchers({ scheduler, apiserver, reads, scenario, cache: watchCache });
  watchers = clients;
  return {
    scheduler,
    registry,
    upstream,
    metrics,
    kv,
    etcd,
    cache: watchCache,
    apiserver,
    stream,
    reflector,
    clock,
    outcomes,
    reads,
    openLoop,
    ryw,
    watchers: clients,
    scenarioNow: scenario,
  };
}
