import { DeferredCalls } from "../deferred-calls.ts";
import { assert } from "../lib/assert.ts";
import { cacheWalkNs } from "../list-costs.ts";
import type { ScheduledEvent, Scheduler } from "../scheduler.ts";
import { type ApiError, keyNotFound, tooManyRequests } from "../storage/errors.ts";
import type {
  Done,
  GetOptions,
  ListOptions,
  Storage,
  StorageListResult,
} from "../storage/interfaces.ts";
import { parseResourceVersion } from "../storage/list-options.ts";
import type { Pod } from "../storage/pod.ts";
import { prepareKey } from "../storage/prepare-key.ts";
import { type RequestContext, recordStep } from "../storage/request-context.ts";
import { type Nanos, NS_PER_MS, NS_PER_S, seconds } from "../time.ts";
import { BookmarkBuckets } from "./bookmark-buckets.ts";
import { cacherPage } from "./cacher-list.ts";
import { type CacherWatchOptions, cacherWatch, type WatchDone } from "./cacher-watch.ts";
import {
  type ApiserverConfig,
  compactorDropsSnapshots,
  readsConsistentFromCache,
} from "./config.ts";
import { DeliveredWatchers } from "./delivered-watchers.ts";
import { DispatchLog } from "./dispatch-log.ts";
import type { IndexValidator } from "./history.ts";
import type { CacheList } from "./list-from-cache.ts";
import type { WatchCacheMetrics } from "./metrics.ts";
import { type PendingList, PendingLists } from "./pending-list.ts";
import { CacherReady } from "./ready.ts";
import { calculateRetryAfterForUnreadyCache } from "./retry-after.ts";
import {
  type CacheDelegationState,
  cacherDelegationHelper,
  type DelegationHelper,
} from "./should-delegate.ts";
import type { CacheItem, WatchCache } from "./watch-cache.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";
import type { CacheWatcher } from "./watcher.ts";

// upstream: cacher/cacher.go Cacher: readiness, reads served from the watch cache, the dispatcher
// that feeds watchers, and the snapshot compactor. Watch setup is in cacher-watch.ts.

const COMPACTOR_POLL_PERIOD_NS: Nanos = seconds(15); // upstream: compactor.go compactorPollPeriod
// upstream: cacher.go dispatchEvents bookmarkTimer (wait.Jitter(time.Second, 0.25); the jitter is dropped)
const BOOKMARK_TICK_NS: Nanos = seconds(1);
const MIN_RELEASE_CHECK_ENTRIES = 1024;
// The first check comes early, while V8 still interprets the dispatch: optimised after a
// thousand events without ever having called releaseLog, the dispatch was thrown away at the
// first check and recompiled (docs/benchmarks.md at 97e105f, the default scenario's first run).
const FIRST_RELEASE_CHECK_ENTRIES = 64;

export interface CacherOptions {
  readonly scheduler: Scheduler;
  readonly config: ApiserverConfig;
  readonly metrics: WatchCacheMetrics;
  readonly watchCache: WatchCache;
  readonly storage: Storage;
  /** Key prefix of the resource, e.g. "/pods/". */
  readonly resourcePrefix: string;
}

/** The event that answers a LIST once the cacher walked its page (registered on first use). */
export const LIST_WALK_EVENT = "cacher.listWalk";

const answerWalked = (_id: number, done: Done<StorageListResult>, page: StorageListResult) =>
  done(null, page);

export class Cacher {
  private readonly pending = new PendingLists<CacheList>((call, err, list) =>
    this.onList(call, err, list),
  );
  readonly ready: CacherReady;
  readonly watchCache: WatchCache;
  readonly storage: Storage;
  readonly config: ApiserverConfig;
  readonly metrics: WatchCacheMetrics;
  readonly scheduler: Scheduler;
  readonly resourcePrefix: string;
  readonly dispatchLog: DispatchLog;
  readonly watchers = new Set<CacheWatcher>();
  /** Terminated watchers whose client has not read everything dispatched before the close. */
  private readonly draining = new Set<CacheWatcher>();
  private readonly delivered = new DeliveredWatchers();
  /** upstream: startCaching's startTime (the model's cache starts initialised at its creation). */
  private cachingStartNs: Nanos;
  readonly bookmarkWatchers: BookmarkBuckets;
  /** Test hook (harness C): replaces the ring's interval validity check for new watches. */
  indexValidator: IndexValidator | null = null;
  nextWatcherId = 0;
  /** upstream: dispatchEvents lastProcessedResourceVersion (events and storage bookmarks). */
  private lastProcessedRv = 0;
  private lastCompactedRev = 0;
  private nextReleaseCheck = FIRST_RELEASE_CHECK_ENTRIES;
  private bookmarkTick: ScheduledEvent | null = null;
  private helper: DelegationHelper | null = null;
  private readonly kinds: { bookmark: number; compactor: number };
  /** LISTs answered once the walk over their list is done (its kind registered on first use). */
  private readonly walks: DeferredCalls<Done<StorageListResult>, StorageListResult>;

  constructor(options: CacherOptions) {
    this.scheduler = options.scheduler;
    this.walks = new DeferredCalls(this.scheduler, LIST_WALK_EVENT, answerWalked);
    this.config = options.config;
    this.metrics = options.metrics;
    this.watchCache = options.watchCache;
    const { storage, history } = options.watchCache;
    this.dispatchLog = new DispatchLog(storage.bodies, history.slots);
    this.storage = options.storage;
    this.resourcePrefix = options.resourcePrefix;
    const now = () => this.scheduler.nowNs;
    this.ready = new CacherReady(now);
    this.cachingStartNs = now();
    this.bookmarkWatchers = new BookmarkBuckets(now());
    this.kinds = {
      bookmark: this.scheduler.kind("cacher.bookmarkTick"),
      compactor: this.scheduler.kind("cacher.compactor"),
    };
    this.watchCache.onItem = (item) => this.processItem(item);
    // upstream: startCaching SetOnReplace
    this.watchCache.onReplace = () => {
      this.ready.setReady();
      this.metrics.initializations.inc();
      const durationNs = this.scheduler.nowNs - this.cachingStartNs;
      this.metrics.initializationDuration.observe(durationNs / NS_PER_S);
    };
    if (this.config.gates.ListFromCacheSnapshot && compactorDropsSnapshots(this.config.version))
      this.scheduleCompactor(this.config.createdAtNs);
  }

  /** Consistent reads may be served from the cache (≤1.36: also the ConsistentListFromCache gate). */
  // upstream: delegator/interface.go ConsistentReadSupported
  get consistentReadSupported(): boolean {
    return readsConsistentFromCache(this.config);
  }

  // upstream: cacher.go Ready
  isReady(): boolean {
    return this.ready.state === "Ready";
  }

  /** The cache's delegation helper over its live state (upstream: cacher/delegator/interface.go ShouldDelegateList). */
  delegationHelper(): DelegationHelper {
    this.helper ??= cacherDelegationHelper(new LiveDelegationState(this));
    return this.helper;
  }

  /** The 429 an unready cacher answers with, or null when Ready. */
  unreadyError(): ApiError | null {
    if (this.isReady()) return null;
    const check = this.ready.check();
    if (check.error === null) return null;
    return tooManyRequests(check.error, calculateRetryAfterForUnreadyCache(check.downtimeNs));
  }

  // upstream: cacher.go GetList
  getList(
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    const parsed = parseResourceVersion(opts.resourceVersion);
    if (!parsed.ok) {
      done(parsed.error, null);
      return;
    }
    const unready = this.unreadyError();
    if (unready !== null) {
      done(unready, null);
      return;
    }
    const preparedKey = prepareKey(key, opts.recursive);
    const call = this.pending.take(key, opts, ctx, done);
    this.watchCache.waitUntilFreshAndGetList(preparedKey, opts, ctx, call.answered);
  }

  // upstream: cacher.go GetList, once the watch cache listed
  private onList(call: PendingList<CacheList>, err: ApiError | null, list: CacheList | null) {
    const key = call.key;
    const { opts, ctx, done } = call;
    assert(opts !== null && ctx !== null && done !== null, "cacher: a LIST is answered once");
    this.pending.release(call);
    if (err !== null || list === null) {
      done(err, null);
      return;
    }
    ctx.servedBy = "cache";
    const page = cacherPage(list, key, opts, this.resourcePrefix);
    // upstream: metrics.RecordListCacheMetrics (deprecated in 1.37.0, still exported)
    this.metrics.cacheList(list.indexUsed).inc();
    this.metrics.cacheListFetchedObjects(list.indexUsed).inc(page.fetched);
    this.metrics.cacheListReturnedObjects.inc(page.count);
    // 1.37: RecordListCacheMetrics also counts the list as the watch cache's, nothing evaluated
    this.metrics.storageList.record("watchcache", list.indexUsed, page.fetched, 0, page.count);
    const walkNs = cacheWalkNs(page.walked, this.config.walkNsPerObject ?? 0);
    if (ctx.steps !== undefined) {
      const walk = walkNs === 0 ? "" : `, answered after ${walkNs / NS_PER_MS} ms of walking them`;
      const detail = `cache: ${page.count} objects at RV ${page.rv}${walk}`;
      recordStep(ctx, this.scheduler.nowNs, "served", "cacheList.serve", detail);
    }
    if (walkNs === 0) {
      done(null, page);
      return;
    }
    // The page is what the list held now: its token is taken before the cache moves on.
    void page.continue;
    ctx.answerDueNs = this.scheduler.nowNs + walkNs;
    this.walks.after(walkNs, ctx.id, done, page);
  }

  // upstream: cacher.go Get
  get(
    key: string,
    opts: GetOptions,
    ctx: RequestContext,
    done: Done<{ pod: Pod | null; rv: number }>,
  ): void {
    const parsed = parseResourceVersion(opts.resourceVersion);
    if (!parsed.ok) {
      done(parsed.error, null);
      return;
    }
    this.watchCache.waitUntilFreshAndGet(parsed.value, key, ctx, (err, found) => {
      if (err !== null || found === null) {
        done(err, null);
        return;
      }
      ctx.servedBy = "cache";
      if (found.pod === null && !opts.ignoreNotFound) {
        done(keyNotFound(key, found.rv), null);
        return;
      }
      done(null, found);
    });
  }

  // upstream: cacher.go Watch (cacher-watch.ts)
  watch(key: string, opts: CacherWatchOptions, ctx: RequestContext, done: WatchDone): void {
    cacherWatch(this, key, opts, ctx, done);
  }

  /** The cacher goes unready (its ListAndWatch failed); watchers are terminated separately. */
  // upstream: ready.go setError (via startCaching)
  setPending(err: string | null = null): void {
    this.ready.setPending(err);
  }

  // upstream: cacher.go terminateAllWatchers. Not counted in apiserver_terminated_watchers_total:
  // upstream counts only a watcher closed for being too slow (cache_watcher.go add), which the
  // model has none of (every watcher takes every event).
  // It runs where upstream's startCaching begins, so it also starts the initialisation's clock.
  terminateAllWatchers(): void {
    this.cachingStartNs = this.scheduler.nowNs;
    for (const watcher of this.watchers) {
      watcher.close();
      this.draining.add(watcher);
    }
    this.watchers.clear();
    this.delivered.clear();
    this.releaseLog();
  }

  /** One poll of the compactor: drops snapshots below etcd's compacted revision. */
  // upstream: compactor.go compactIfNeeded
  runCompactor(): void {
    const rev = this.storage.compactRevision();
    if (rev <= this.lastCompactedRev) return;
    this.lastCompactedRev = rev;
    this.watchCache.storage.compactSnapshotsLocked(rev);
  }

  /** Registers a watcher built by cacher-watch.ts for live events (and bookmarks if allowed). */
  addWatcher(watcher: CacheWatcher): void {
    this.watchers.add(watcher);
    this.delivered.add(watcher);
    if (!watcher.allowWatchBookmarks) return;
    this.bookmarkWatchers.add(watcher, this.scheduler.nowNs);
    this.scheduleBookmarkTick();
  }

  forgetWatcher(watcher: CacheWatcher): void {
    this.watchers.delete(watcher);
    this.delivered.delete(watcher);
    this.draining.delete(watcher);
  }

  // upstream: cacher.go processEvent + dispatchEvents: storage bookmarks are not dispatched.
  private processItem(item: CacheItem): void {
    this.lastProcessedRv = item.rv;
    if (item.type === "BOOKMARK") return;
    this.dispatchLog.append(item);
    this.observeDispatch(item);
    if (this.watchers.size === 0 || this.dispatchLog.retained >= this.nextReleaseCheck)
      this.releaseLog();
  }

  /**
   * The dispatch latency of an event, once per watcher it reaches (upstream: cache_watcher.go
   * observeDispatchMetrics; bookmarks are not observed). Every client reads as events come and
   * the cache receives an event as it processes it, so the send is now: `total` and
   * `storage_to_cache` are now − the event's RecordTime, `cache_to_watcher` is 0.
   */
  private observeDispatch(event: WatchCacheEvent): void {
    const watchers = this.delivered.count(event);
    if (watchers === 0) return;
    const latencyS = (this.scheduler.nowNs - event.recordTimeNs) / NS_PER_S;
    const m = this.metrics;
    m.dispatchDuration("total").observeTimes(latencyS, watchers);
    m.dispatchDuration("storage_to_cache").observeTimes(latencyS, watchers);
    m.dispatchDuration("cache_to_watcher").observeTimes(0, watchers);
  }

  /** Releases log entries every watcher has read past. Amortised: checks at doubling sizes. */
  private releaseLog(): void {
    let min = this.dispatchLog.end;
    for (const w of this.watchers) if (w.readFrom < min) min = w.readFrom;
    for (const w of this.draining) {
      if (w.drained) this.draining.delete(w);
      else if (w.readFrom < min) min = w.readFrom;
    }
    this.dispatchLog.releaseBefore(min);
    this.nextReleaseCheck = Math.max(MIN_RELEASE_CHECK_ENTRIES, 2 * this.dispatchLog.retained);
  }

  private scheduleBookmarkTick(): void {
    if (this.bookmarkTick !== null) return;
    this.bookmarkTick = this.scheduler.after(BOOKMARK_TICK_NS, this.kinds.bookmark, 0, () => {
      this.bookmarkTick = null;
      this.dispatchBookmark();
      if (this.bookmarkWatchers.size > 0) this.scheduleBookmarkTick();
    });
  }

  // upstream: cacher.go startDispatchingBookmarkEventsLocked, finishDispatching
  private dispatchBookmark(): void {
    const now = this.scheduler.nowNs;
    const due = this.bookmarkWatchers.popExpired(now).filter((w) => !w.closed);
    for (const w of due) w.offerBookmark(this.lastProcessedRv);
    for (const w of due) this.bookmarkWatchers.add(w, now);
  }

  // upstream: compactor.go run polls every compactorPollPeriod from the cacher's start
  private scheduleCompactor(startNs: Nanos = 0): void {
    this.scheduler.after(COMPACTOR_POLL_PERIOD_NS + startNs, this.kinds.compactor, 0, () => {
      this.runCompactor();
      this.scheduleCompactor();
    });
  }
}

/**
 * The cacher's live state as its delegation helper reads it. A class, not a literal with getters:
 * V8 called an object literal's getter through the generic property load on every consistent
 * read, where a prototype's getter is inlined.
 */
class LiveDelegationState implements CacheDelegationState {
  readonly resourcePrefix: string;
  private readonly cacher: Cacher;

  constructor(cacher: Cacher) {
    this.cacher = cacher;
    this.resourcePrefix = cacher.resourcePrefix;
  }

  get consistentReadSupported(): boolean {
    return this.cacher.consistentReadSupported;
  }

  get snapshottingEnabled(): boolean {
    return this.cacher.watchCache.storage.snapshottingEnabled;
  }

  cacheResourceVersion(): number {
    return this.cacher.watchCache.resourceVersion;
  }

  canServeExactRv(rv: number): boolean {
    return this.cacher.watchCache.storage.canServeExactRv(rv);
  }
}
