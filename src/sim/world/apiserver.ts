import type { ApiserverConfig } from "../apiserver/config.ts";
import type { WatchCacheMetrics } from "../apiserver/metrics.ts";
import type { WatchCache } from "../apiserver/watch-cache.ts";
import type { EtcdServer } from "../etcd/server.ts";
import type { Scheduler } from "../scheduler.ts";
import type { ListApi } from "./read-request.ts";

// The apiserver as the world sees it: the delegator clients LIST through, and the cacher's
// readiness, which the reflector drives.

export interface Apiserver {
  readonly delegator: ListApi;
  ready(): boolean;
  /** The cacher goes Pending and terminates its watchers (a restart, a failed watch). */
  goPending(reason: string): void;
}

export interface ApiserverParts {
  readonly scheduler: Scheduler;
  readonly config: ApiserverConfig;
  readonly cache: WatchCache;
  readonly etcd: EtcdServer;
  readonly metrics: WatchCacheMetrics;
}

export function buildApiserver(parts: ApiserverParts): Apiserver {
  let ready = true;
  return {
    delegator: {
      getList: (key, opts, ctx, done) =>
        parts.cache.waitUntilFreshAndGetList(key, opts, ctx, (err, list) => {
          if (err === null) ctx.servedBy = "cache";
          done(err, list);
        }),
    },
    ready: () => ready,
    goPending: () => {
      ready = false;
    },
  };
}
