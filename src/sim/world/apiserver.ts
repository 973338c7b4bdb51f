import { Cacher } from "../apiserver/cacher.ts";
import type { ApiserverConfig } from "../apiserver/config.ts";
import { CacheDelegator } from "../apiserver/delegator.ts";
import type { WatchCacheMetrics } from "../apiserver/metrics.ts";
import type { WatchCache } from "../apiserver/watch-cache.ts";
import { atLeast } from "../scenario/k8s-version.ts";
import type { Scheduler } from "../scheduler.ts";
import type { Storage } from "../storage/interfaces.ts";
import { POD_PREFIX } from "./pods.ts";

// The apiserver as the world sees it: the cacher over the watch cache, and the delegator that
// clients LIST and WATCH through. The reflector drives readiness through `goPending`.

export interface Apiserver {
  readonly cacher: Cacher;
  readonly delegator: CacheDelegator;
  ready(): boolean;
  /** The cacher goes Pending (ready.go setError); its watchers stay until `terminateWatchers`. */
  goPending(reason: string | null): void;
  /** upstream: cacher.go startCaching calls terminateAllWatchers before each ListAndWatch. */
  terminateWatchers(): void;
}

export interface ApiserverParts {
  readonly scheduler: Scheduler;
  readonly config: ApiserverConfig;
  readonly cache: WatchCache;
  /** etcd as the apiserver calls it. */
  readonly storage: Storage;
  readonly metrics: WatchCacheMetrics;
  /** Told after the cacher terminated its watchers, so their clients reconnect. */
  readonly onWatchersTerminated: () => void;
}

export function buildApiserver(parts: ApiserverParts): Apiserver {
  const cacher = new Cacher({
    scheduler: parts.scheduler,
    config: parts.config,
    metrics: parts.metrics,
    watchCache: parts.cache,
    storage: parts.storage,
    resourcePrefix: POD_PREFIX,
  });
  // WatchList is on in every modelled version but 1.33 (upstream: features/kube_features.go WatchList, Beta off in 1.33).
  const watchListEnabled = atLeast(parts.config.version, "1.34");
  const delegator = new CacheDelegator({ cacher, storage: parts.storage, watchListEnabled });
  return {
    cacher,
    delegator,
    ready: () => cacher.isReady(),
    goPending: (reason) => cacher.setPending(reason),
    terminateWatchers: () => {
      cacher.terminateAllWatchers();
      parts.onWatchersTerminated();
    },
  };
}
