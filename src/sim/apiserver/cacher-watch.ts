import type { Scheduler } from "../scheduler.ts";
import { type ApiError, plainError } from "../storage/errors.ts";
import type { Storage } from "../storage/interfaces.ts";
import { parseResourceVersion } from "../storage/list-options.ts";
import { podKey } from "../storage/pod.ts";
import { prepareKey } from "../storage/prepare-key.ts";
import { type RequestContext, recordStep } from "../storage/request-context.ts";
import type { Nanos } from "../time.ts";
import type { ApiserverConfig } from "./config.ts";
import type { DispatchLog } from "./dispatch-log.ts";
import type { IndexValidator } from "./history.ts";
import { getIntervalLocked } from "./history-get-interval.ts";
import type { WatchCacheInterval } from "./interval.ts";
import type { WatchCacheMetrics } from "./metrics.ts";
import type { CacherReady } from "./ready.ts";
import type { WatchCache } from "./watch-cache.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";
import {
  getBookmarkAfterResourceVersion,
  getWatchCacheResourceVersion,
  type WatchRvOptions,
} from "./watch-rv.ts";
import {
  CacheWatcher,
  closedWatcher,
  errorWatcher,
  hasPathPrefix,
  type Watcher,
  type WatchStart,
} from "./watcher.ts";

// A WATCH on the cacher (upstream: cacher.go Watch): required RV, the wait that only watch-list requests
// make, where the stream starts, and registration. Every error after the RV parsed is an error
// watcher (one ERROR event); only a bad RV and an unready cacher fail the call itself.
// upstream: cacher.go Watch

export interface CacherWatchOptions extends WatchRvOptions {
  readonly recursive: boolean;
  /** When the request times out (the client's timeoutSeconds); absent: no deadline. */
  readonly deadlineNs?: Nanos;
}

export type WatchDone = (err: ApiError | null, watcher: Watcher | null) => void;

/**
 * What a watch needs of its cacher. Declared here, beside its one user, so cacher.ts depends on
 * this file and this file on nothing of cacher.ts (the Cacher satisfies it structurally).
 */
export interface WatchingCacher {
  readonly scheduler: Scheduler;
  readonly config: Pick<ApiserverConfig, "consistentReadSupported">;
  readonly metrics: Pick<WatchCacheMetrics, "initEvents">;
  readonly watchCache: WatchCache;
  readonly storage: Pick<Storage, "getCurrentResourceVersion">;
  readonly resourcePrefix: string;
  readonly ready: Pick<CacherReady, "generation" | "check">;
  readonly dispatchLog: DispatchLog;
  readonly indexValidator: IndexValidator | null;
  /** Watcher ids, taken by each new watch. */
  nextWatcherId: number;
  unreadyError(): ApiError | null;
  addWatcher(watcher: CacheWatcher): void;
  forgetWatcher(watcher: CacheWatcher): void;
}

const WATCH_LIST_UNSUPPORTED =
  "a watch stream was requested by the client but the required storage feature RequestWatchProgress is disabled";

export function cacherWatch(
  cacher: WatchingCacher,
  key: string,
  opts: CacherWatchOptions,
  ctx: RequestContext,
  done: WatchDone,
): void {
  const preparedKey = prepareKey(key, opts.recursive);
  const parsed = parseResourceVersion(opts.resourceVersion);
  if (!parsed.ok) {
    done(parsed.error, null);
    return;
  }
  const unready = cacher.unreadyError();
  if (unready !== null) {
    done(unready, null);
    return;
  }
  const generation = cacher.ready.generation;
  const fail = (err: ApiError) => {
    if (ctx.steps !== undefined)
      recordStep(ctx, cacher.scheduler.nowNs, "failed", null, err.message);
    done(null, errorWatcher(err));
  };
  // upstream: isListWatchRequest, checked against etcd's support only
  const watchList = opts.sendInitialEvents === true && opts.allowWatchBookmarks;
  if (watchList && !cacher.config.consistentReadSupported) {
    fail(plainError(WATCH_LIST_UNSUPPORTED));
    return;
  }

  const register = (requiredRv: number) => {
    const start = watchStart(cacher, preparedKey, opts, requiredRv);
    if ("kind" in start) {
      fail(start);
      return;
    }
    const check = cacher.ready.check();
    // The cacher relisted or went unready meanwhile: the watch would be terminated at once.
    if (check.error !== null || check.generation !== generation) {
      done(null, closedWatcher());
      return;
    }
    const watcher = newWatcher(cacher, preparedKey, opts, parsed.value, requiredRv, start);
    if (!watcher.closed) cacher.addWatcher(watcher);
    if (ctx.steps !== undefined)
      recordStep(ctx, cacher.scheduler.nowNs, "served", null, `watch from RV ${requiredRv}`);
    done(null, watcher);
  };
  // Only a watch that asks for initial events waits for freshness (plain watches never wait).
  // upstream: cacher.go waitUntilWatchCacheFreshAndForceAllEvents
  const afterRequired = (requiredRv: number) => {
    if (opts.sendInitialEvents !== true) {
      register(requiredRv);
      return;
    }
    // Registers for progress whenever etcd supports it, whatever ConsistentListFromCache says
    // (upstream: ≤1.36 waitUntilWatchCacheFreshAndForceAllEvents checks etcd support only).
    const supported = cacher.config.consistentReadSupported;
    cacher.watchCache.waitUntilFreshLocked(requiredRv, supported, ctx, (err) =>
      err === null ? register(requiredRv) : fail(err),
    );
  };
  const required = getWatchCacheResourceVersion(parsed.value, opts);
  if (required !== null) {
    afterRequired(required);
    return;
  }
  cacher.storage.getCurrentResourceVersion(ctx, (err, rv) => {
    if (err !== null || rv === null) fail(err ?? plainError("no current resource version"));
    else afterRequired(rv);
  });
}

/**
 * A registered watcher over its start. Its interval's events count as init events, not the
 * initial-events-end bookmark, and none when the interval was invalidated (upstream:
 * cache_watcher.go processInterval returns before InitCounter.Add on a Next() error).
 */
function newWatcher(
  cacher: WatchingCacher,
  key: string,
  opts: CacherWatchOptions,
  parsedRv: number,
  requiredRv: number,
  start: WatchStart,
): CacheWatcher {
  const initEvents = start.initialObjects.length + start.historyEvents.length;
  // upstream: cache_watcher.go processInterval adds to InitCounter only when it sent any
  if (!start.invalidated && initEvents > 0) cacher.metrics.initEvents.inc(initEvents);
  const id = cacher.nextWatcherId++;
  const forget = (w: CacheWatcher) => cacher.forgetWatcher(w);
  // Every event key starts with the resource prefix; a key it extends as a path sees them all.
  const coversAll = hasPathPrefix(`${cacher.resourcePrefix}x`, key);
  const log = cacher.dispatchLog;
  const watcher = new CacheWatcher(
    id,
    key,
    opts.allowWatchBookmarks,
    start,
    log,
    forget,
    coversAll,
  );
  watcher.deadlineNs = opts.deadlineNs ?? null;
  const cacheRv = cacher.watchCache.resourceVersion;
  watcher.bookmarkAfterRv = getBookmarkAfterResourceVersion(parsedRv, requiredRv, opts, cacheRv);
  if (start.endBookmarkRv !== null) watcher.markBookmarkSent(start.endBookmarkRv);
  return watcher;
}

// upstream: watch_cache.go getAllEventsSinceLocked, then watcher.go processInterval, which the
// model runs at once (its client reads as fast as events come).
function watchStart(
  cacher: WatchingCacher,
  key: string,
  opts: CacherWatchOptions,
  requiredRv: number,
): WatchStart | ApiError {
  const cache = cacher.watchCache;
  const cacheRv = cache.resourceVersion;
  const fromStore =
    opts.sendInitialEvents === true || (requiredRv === 0 && opts.sendInitialEvents === null);
  if (fromStore) {
    const listed = cache.storage.store.list(key, "", cacheRv).items();
    const inScope = listed.filter((pod) => hasPathPrefix(podKey(cacher.resourcePrefix, pod), key));
    const requested = opts.sendInitialEvents === true && opts.allowWatchBookmarks;
    return {
      initialObjects: inScope,
      historyEvents: [],
      endBookmarkRv: requested ? cacheRv : null,
      invalidated: false,
      liveAfterRv: Math.max(requiredRv, cacheRv),
    };
  }
  // An RV of 0 with sendInitialEvents=false means "from now".
  const sinceRv = requiredRv === 0 ? cacheRv : requiredRv;
  const interval =
    cacher.indexValidator === null
      ? cache.getAllEventsSinceLocked(sinceRv)
      : getIntervalLocked(cache.history, sinceRv, cache.listResourceVersion, cacher.indexValidator);
  if ("kind" in interval) return interval;
  const { events, invalidated } = drain(interval);
  const last = events[events.length - 1];
  return {
    initialObjects: [],
    historyEvents: events,
    endBookmarkRv: null,
    invalidated,
    liveAfterRv: last === undefined ? Math.max(requiredRv, cacheRv) : last.rv,
  };
}

/** Reads the interval to its end; an invalidated interval ends the watch silently. */
function drain(interval: WatchCacheInterval): { events: WatchCacheEvent[]; invalidated: boolean } {
  const events: WatchCacheEvent[] = [];
  for (;;) {
    const { event, error } = interval.next();
    if (error !== null) return { events, invalidated: true };
    if (event === null) return { events, invalidated: false };
    events.push(event);
  }
}
