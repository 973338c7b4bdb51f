import { assert } from "../lib/assert.ts";
import type { Scheduler } from "../scheduler.ts";
import type { ApiError } from "../storage/errors.ts";
import type { ListOptions, Storage } from "../storage/interfaces.ts";
import { type Pod, podKey } from "../storage/pod.ts";
import type { RequestContext, WokeBy } from "../storage/request-context.ts";
import type { Nanos } from "../time.ts";
import { capacityUpperBound, DEFAULT_LOWER_BOUND_CAPACITY } from "./capacity.ts";
import { type ApiserverConfig, readsConsistentFromCache } from "./config.ts";
import { WatchCacheHistory } from "./history.ts";
import { getIntervalLocked } from "./history-get-interval.ts";
import type { WatchCacheInterval } from "./interval.ts";
import { type CacheList, type PendingLatest, waitUntilFreshAndGetList } from "./list-from-cache.ts";
import type { WatchCacheMetrics } from "./metrics.ts";
import { ProgressRequester } from "./progress-requester.ts";
import type { Indexer } from "./store.ts";
import type { WaitTallyView } from "./wait-tally.ts";
import { FreshnessWaiters, type Resume, type WaiterView } from "./wait-until-fresh.ts";
import type { WatchCacheEvent, WatchEventType } from "./watch-cache-event.ts";
import { WatchCacheStorage } from "./watch-cache-storage.ts";

// upstream: cacher/watch_cache.go watchCache: the store, the history ring, the RV the cache has
// reached, and the reads waiting for it (upstream: watch_cache.go).

/** What the cache hands its event handler: an event, or a bookmark from UpdateResourceVersion. */
export type CacheItem = WatchCacheEvent | { readonly type: "BOOKMARK"; readonly rv: number };

export interface WatchCacheOptions {
  readonly scheduler: Scheduler;
  readonly config: ApiserverConfig;
  readonly metrics: WatchCacheMetrics;
  readonly storage: Pick<Storage, "getCurrentResourceVersion" | "requestWatchProgress">;
  /** Key prefix of every object, e.g. "/pods/". */
  readonly keyPrefix: string;
  readonly indexers: readonly Indexer[];
  /**
   * An object's key under `keyPrefix` (default: built from its namespace and name). A run passes
   * etcd's, one string per key, so a lookup by an event's key finds it by identity.
   */
  readonly keyOf?: (pod: Pod) => string;
  /** Ring bounds; upstream's defaults (100, 100, capacityUpperBound) when absent. */
  readonly ring?: { capacity: number; lowerBoundCapacity: number; upperBoundCapacity: number };
}

export class WatchCache {
  resourceVersion = 0;
  /** upstream: SetOnReplace; the cacher becomes Ready here. */
  onReplace: (() => void) | null = null;
  /** upstream: eventHandler (Cacher.processEvent): every event and bookmark, in order. */
  onItem: ((item: CacheItem) => void) | null = null;
  readonly history: WatchCacheHistory;
  readonly storage: WatchCacheStorage;
  readonly progress: ProgressRequester;
  readonly keyPrefix: string;
  private readonly keyOf: (pod: Pod) => string;
  readonly config: ApiserverConfig;
  readonly backend: WatchCacheOptions["storage"];
  private readonly waiting: FreshnessWaiters;
  readonly scheduler: Scheduler;
  /** Answered latest-RV lists, reused by list-from-cache.ts. */
  readonly pendingLists: PendingLatest[] = [];
  private readonly metrics: WatchCacheMetrics;

  constructor(options: WatchCacheOptions) {
    const { scheduler, config, metrics } = options;
    this.scheduler = scheduler;
    this.config = config;
    this.metrics = metrics;
    this.backend = options.storage;
    this.keyPrefix = options.keyPrefix;
    const prefix = options.keyPrefix;
    this.keyOf = options.keyOf ?? ((pod) => podKey(prefix, pod));
    const ring = options.ring ?? {
      capacity: DEFAULT_LOWER_BOUND_CAPACITY,
      lowerBoundCapacity: DEFAULT_LOWER_BOUND_CAPACITY,
      upperBoundCapacity: capacityUpperBound(config.eventFreshDurationNs),
    };
    this.storage = new WatchCacheStorage(options.indexers, config.gates.ListFromCacheSnapshot);
    this.history = new WatchCacheHistory({
      ...ring,
      eventFreshDurationNs: config.eventFreshDurationNs,
      noHysteresis: config.whatif.noHysteresis,
      onResize: (from, to) => {
        metrics.capacity.set(to);
        (to > from ? metrics.capacityIncrease : metrics.capacityDecrease).inc();
      },
      bodies: this.storage.bodies,
    });
    metrics.capacity.set(ring.capacity);
    this.progress = new ProgressRequester(scheduler, () => this.backend.requestWatchProgress());
    const readWait = metrics.readWait;
    this.waiting = new FreshnessWaiters(
      scheduler,
      config,
      readWait,
      this.progress,
      () => this.resourceVersion,
    );
  }

  get listResourceVersion(): number {
    return this.storage.listResourceVersion;
  }

  /** `key` is the object's key under `keyPrefix`; a caller that has it saves rebuilding it. */
  // upstream: watch_cache.go processEvent
  processEvent(
    type: WatchEventType,
    pod: Pod,
    rv: number,
    recordTimeNs: Nanos,
    key = this.keyOf(pod),
  ): void {
    this.metrics.eventsReceived.inc();
    const prevObject = this.storage.store.get(key) ?? null;
    const event: WatchCacheEvent = { type, key, rv, recordTimeNs, object: pod, prevObject };
    this.history.updateCache(event);
    this.resourceVersion = rv;
    if (this.history.isFull) {
      const oldestRv = this.history.oldestRv();
      assert(oldestRv !== null, "watch cache: a full history has an oldest event");
      this.storage.compactSnapshotsLocked(oldestRv);
    }
    this.storage.updateStoreLocked(type, key, pod, rv);
    this.changed("event");
    this.hand(event);
  }

  // upstream: watch_cache.go UpdateResourceVersion
  updateResourceVersion(rv: number): void {
    this.resourceVersion = rv;
    this.changed("bookmark");
    this.hand({ type: "BOOKMARK", rv });
  }

  /** `keys[i]` is `pods[i]`'s key when the caller has them (etcd's own strings), else made here. */
  // upstream: watch_cache.go Replace
  replace(pods: readonly Pod[], rv: number, keys?: readonly string[]): void {
    this.history.resetLocked();
    this.storage.replaceLocked(keys ?? pods.map((p) => this.keyOf(p)), pods, rv);
    this.resourceVersion = rv;
    this.onReplace?.();
    this.changed("replace");
  }

  /** Resumes synchronously when fresh (or when the version needs no wait), else later. */
  // upstream: watch_cache.go waitUntilFreshLocked
  waitUntilFreshLocked(
    rv: number,
    consistentReadSupported: boolean,
    ctx: RequestContext,
    resume: Resume,
  ): void {
    this.waiting.wait(rv, consistentReadSupported, ctx, resume);
  }

  // upstream: watch_cache.go WaitUntilFreshAndGet
  waitUntilFreshAndGet(
    rv: number,
    key: string,
    ctx: RequestContext,
    done: (err: ApiError | null, found: { pod: Pod | null; rv: number } | null) => void,
  ): void {
    this.waitUntilFreshLocked(rv, readsConsistentFromCache(this.config), ctx, (err) => {
      if (err !== null) done(err, null);
      else done(null, { pod: this.storage.store.get(key) ?? null, rv: this.resourceVersion });
    });
  }

  // upstream: watch_cache.go WaitUntilFreshAndGetList
  waitUntilFreshAndGetList(
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: (err: ApiError | null, list: CacheList | null) => void,
  ): void {
    waitUntilFreshAndGetList(this, key, opts, ctx, done);
  }

  /** The history after `rv` (upstream: watch_cache.go getAllEventsSinceLocked); the cacher handles RV 0 and initial events. */
  // upstream: watch_cache.go getAllEventsSinceLocked (history part)
  getAllEventsSinceLocked(rv: number): WatchCacheInterval | ApiError {
    return getIntervalLocked(this.history, rv, this.listResourceVersion, this.history.isIndexValid);
  }

  /** The `max` oldest parked reads (all when absent), for the waiting room. */
  waiters(max?: number): WaiterView[] {
    return this.waiting.waiters(max);
  }

  get waiterCount(): number {
    return this.waiting.count;
  }

  /** Every wait so far, counted by its length (wait-tally.ts). */
  get waitTally(): WaitTallyView {
    return this.waiting.tally.view();
  }

  get wakeupTimersStarted(): number {
    return this.waiting.timers.started;
  }

  get wakeupTimersPending(): number {
    return this.waiting.timers.pending;
  }

  private changed(cause: WokeBy): void {
    // upstream: metrics.RecordResourceVersion (1.36+ keep the 15 least significant digits)
    this.metrics.resourceVersion.set(this.metrics.resourceVersionValue(this.resourceVersion));
    this.waiting.broadcast(cause);
  }

  private hand(item: CacheItem): void {
    // The model dispatches as it hands over, so an item counts as dispatched here.
    this.metrics.eventsDispatched.inc();
    this.onItem?.(item);
  }
}
