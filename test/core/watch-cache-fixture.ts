import { NO_WHATIF, type WhatIf } from "../../src/sim/apiserver/config.ts";
import { registerWatchCacheMetrics } from "../../src/sim/apiserver/metrics.ts";
import type { Indexer } from "../../src/sim/apiserver/store.ts";
import { WatchCache } from "../../src/sim/apiserver/watch-cache.ts";
import { MetricsRegistry } from "../../src/sim/metrics/registry.ts";
import type { K8sVersion } from "../../src/sim/scenario/k8s-version.ts";
import { Scheduler } from "../../src/sim/scheduler.ts";
import type { ApiError } from "../../src/sim/storage/errors.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";
import { newRequestContext } from "../../src/sim/storage/request-context.ts";
import { seconds } from "../../src/sim/time.ts";

// A watch cache on a fresh scheduler, with a storage whose current RV and progress answers the
// test controls, for the watch-cache-*.test.ts sentences.

export interface FixtureOptions {
  version?: K8sVersion;
  whatif?: Partial<WhatIf>;
  snapshots?: boolean;
  consistentReadSupported?: boolean;
  /** A timed-out waiter resumes this long after its deadline (default 0, as upstream's fake clock). */
  timerLatencyNs?: number;
  indexers?: Indexer[];
  /** What etcd answers a progress request with (null: no answer). */
  progressAnswer?: () => number | null;
}

export function makeCache(options: FixtureOptions = {}) {
  const scheduler = new Scheduler();
  const registry = new MetricsRegistry();
  const metrics = registerWatchCacheMetrics(registry);
  const progressRequestsNs: number[] = [];
  let etcdRv = 0;
  const cache: WatchCache = new WatchCache({
    scheduler,
    config: {
      version: options.version ?? "1.37",
      gates: {
        ConsistentListFromCache: true,
        ListFromCacheSnapshot: options.snapshots ?? true,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
      blockTimeoutNs: seconds(3),
      timerLatencyNs: options.timerLatencyNs ?? 0,
      eventFreshDurationNs: seconds(75),
      whatif: { ...NO_WHATIF, ...options.whatif },
      consistentReadSupported: options.consistentReadSupported ?? true,
    },
    metrics,
    storage: {
      getCurrentResourceVersion: (_ctx, done) => done(null, etcdRv),
      requestWatchProgress: () => {
        progressRequestsNs.push(scheduler.nowNs);
        const rv = options.progressAnswer?.() ?? null;
        if (rv !== null) cache.updateResourceVersion(rv);
      },
    },
    keyPrefix: "/pods/",
    indexers: options.indexers ?? [],
  });
  let nextId = 1;
  const get = (rv: number, key = "/pods/ns/a") => {
    const outcome: { done: boolean; err: ApiError | null; rv: number | null; pod: Pod | null } = {
      done: false,
      err: null,
      rv: null,
      pod: null,
    };
    cache.waitUntilFreshAndGet(rv, key, newRequestContext(nextId++), (err, found) => {
      outcome.done = true;
      outcome.err = err;
      outcome.rv = found?.rv ?? null;
      outcome.pod = found?.pod ?? null;
    });
    return outcome;
  };
  return {
    scheduler,
    registry,
    metrics,
    cache,
    get,
    progressRequestsNs,
    setEtcdRv: (rv: number) => {
      etcdRv = rv;
    },
  };
}

export const pod = (
  name: string,
  rv: number,
  labels: Record<string, string> = {},
  nodeName = "",
): Pod => ({
  namespace: "ns",
  name,
  rv,
  nodeName,
  labels,
});
