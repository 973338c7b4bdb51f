import type { WatchCache } from "../apiserver/watch-cache.ts";
import type { KvWatchEvent } from "../etcd/kv.ts";
import type { RangeJob } from "../etcd/range-queue.ts";
import type { EtcdServer } from "../etcd/server.ts";
import { atLeast, type K8sVersion } from "../scenario/k8s-version.ts";
import type { Scheduler } from "../scheduler.ts";
import type { ApiError } from "../storage/errors.ts";
import type { Pod } from "../storage/pod.ts";
import { type Nanos, NS_PER_S } from "../time.ts";
import { POD_PREFIX } from "./pods.ts";
import type { StreamSink, WatchStream } from "./watch-stream.ts";

// The cacher's reflector (upstream: client-go tools/cache/reflector.go, cacher.go startCaching; docs/fidelity.md "World"): every watch event goes through
// processEvent and then UpdateResourceVersion with the same RV; a bookmark only through the
// latter. A restart is the cacher's etcd watch ending with an error; so is a watch that falls
// behind compaction. Either way the cacher goes Pending and relists 1 s later: from 1.35 as a
// watch-list (a quorum read, then pages of 10 000 at one revision streamed as the watch's
// initial events), before that as a paginated LIST; then Replace and a new watch.
//
// A watch that ends with Expired: upstream: client-go reflector.go
// `watch` returns nil on an expired watch, so ListAndWatch returns no error and cacher.go
// startCaching's deferred setError(nil) leaves the cacher Pending with no last error (its 429
// says plain "storage is (re)initializing"). wait.Until runs the next startCaching one period
// (1 s) later: terminateAllWatchers, then a list. The reflector asks for its last synced RV, but
// the cacher's lister never passes an RV to etcd (cacher/lister_watcher.go List), so every
// relist is one list at etcd's current revision.

export const RELIST_PAGE_SIZE = 10_000; // upstream: cacher.go storageWatchListPageSize
// upstream: cacher.go NewCacherFromConfig, wait.Until(startCaching, time.Second)
const START_CACHING_PERIOD_NS = NS_PER_S;

/**
 * From 1.35 client-go's reflector streams its initial list (WatchListClient on by default) and
 * the cacher's lister-watcher over etcd3 does not opt out. upstream: client-go
 * tools/cache/reflector.go NewReflector, ListAndWatchWithContext; cacher/lister_watcher.go.
 */
export const reflectorStreamsInitialList = (version: K8sVersion): boolean =>
  atLeast(version, "1.35");

/** How a relist reads etcd: a watch-list's initial events, or client-go's pager. */
type RelistMode = "watchList" | "list";

export interface ReflectorHooks {
  /** The cacher becomes Pending; `reason` is its last error (null: none). */
  onPending(reason: string | null): void;
  /** upstream: startCaching's terminateAllWatchers, before each ListAndWatch. */
  terminateWatchers(): void;
}

export class Reflector implements StreamSink {
  /** Relists started (the initial list at t=0 is not one: the cache starts initialised). */
  relists = 0;
  private generation = 0;
  /** The revision the current list's pages read at, once its first page was read. */
  private listRevision: number | null = null;
  private readonly scheduler: Scheduler;
  private readonly etcd: EtcdServer;
  private readonly cache: WatchCache;
  private readonly stream: () => WatchStream;
  private readonly hooks: ReflectorHooks;
  private readonly retryKind: number;
  private readonly watchList: boolean;

  constructor(
    scheduler: Scheduler,
    etcd: EtcdServer,
    cache: WatchCache,
    stream: () => WatchStream,
    hooks: ReflectorHooks,
    version: K8sVersion,
  ) {
    this.watchList = reflectorStreamsInitialList(version);
    this.scheduler = scheduler;
    this.etcd = etcd;
    this.cache = cache;
    this.stream = stream;
    this.hooks = hooks;
    // One kind for both waits before a list (a failed list's retry, startCaching's period).
    this.retryKind = scheduler.kind("reflector.relistRetry");
    if (cache.keyPrefix !== etcd.kv.resourcePrefix) {
      throw new Error("reflector: etcd and the cache must key pods under one prefix");
    }
  }

  onEvent(event: Readonly<KvWatchEvent>, recordTimeNs: Nanos): void {
    // etcd and the cache key pods under the same prefix, so etcd's key is the cache's.
    this.cache.processEvent(event.type, event.object, event.revision, recordTimeNs, event.key);
    this.cache.updateResourceVersion(event.revision);
  }

  onBookmark(rv: number): void {
    this.cache.updateResourceVersion(rv);
  }

  /**
   * The cacher's etcd watch ends with an error (`restart=T`): as for an expired watch, Pending
   * now, watchers terminated and a relist one period later. With no watch open (Pending, or
   * relisting) there is nothing to end: the relist already planned or running goes on.
   * upstream: cacher.go startCaching runs one ListAndWatch at a time under wait.Until
   */
  restart(): void {
    if (this.stream().open) this.watchExpired();
  }

  /** etcd is about to compact to `rev`: a watch whose next event would be lost fails. */
  beforeCompaction(rev: number): void {
    const next = this.stream().nextEventRevision();
    if (next !== null && next < rev) this.watchExpired();
  }

  // The watch ended with Expired: Pending at once, the next ListAndWatch one period later.
  private watchExpired(): void {
    this.stream().close();
    this.hooks.onPending(null);
    const generation = ++this.generation;
    this.scheduler.after(START_CACHING_PERIOD_NS, this.retryKind, generation, () => {
      if (generation !== this.generation) return;
      this.hooks.terminateWatchers();
      this.relist();
    });
  }

  /**
   * The lowest revision the cache can be given from now on: its own while the watch is open (the
   * stream brings later ones); while it is closed, the revision the relist's pages read at once
   * the first was read, and before that etcd's revision now (the list reads at the revision
   * current when it is served, now or later).
   */
  lowestNextRevision(): number {
    const cacheRv = this.cache.resourceVersion;
    if (this.stream().open) return cacheRv;
    if (this.listRevision !== null) return Math.max(cacheRv, this.listRevision);
    return Math.max(cacheRv, this.etcd.kv.revision);
  }

  /** A ListAndWatch's list, at etcd's current revision. */
  private relist(): void {
    this.relists++;
    const generation = ++this.generation;
    this.listRevision = null;
    if (!this.watchList) {
      this.etcd.submitRange(new RelistPage(this, generation, "list", 0, "", [], RELIST_PAGE_SIZE));
      return;
    }
    // upstream: etcd3/watcher.go startWatching: a watch-list from the last synced RV (never 0
    // here) first reads etcd's current revision. Its too-large check cannot fail in the model:
    // the cache never runs ahead of etcd.
    this.etcd.submitRange(
      new WatchListRevisionRead(this.etcd, () => {
        if (generation !== this.generation) return;
        const first = new RelistPage(this, generation, "watchList", 0, "", [], RELIST_PAGE_SIZE);
        this.etcd.submitRange(first);
      }),
    );
  }

  /** A page came back; `more` when further pages follow. */
  pageDone(page: RelistPage, rev: number, lastKey: string, more: boolean, objects: number): void {
    // upstream: a list page is one etcd3 GetList, counted by its storage list metrics; a
    // watch-list page (etcd3/watcher.go syncPaginated) is a plain etcd range, not counted there
    if (page.mode === "list") this.etcd.listed(objects);
    if (page.generation !== this.generation) return;
    if (more) {
      const { generation, mode, pods, limit } = page;
      const next = new RelistPage(this, generation, mode, rev, lastKey, pods, limit);
      this.etcd.submitRange(next);
      return;
    }
    this.cache.replace(page.pods, rev);
    if (!this.stream().openAfter(rev)) this.watchExpired();
  }

  /**
   * A later page found its revision compacted (etcd's 410 for a continue; the first page reads
   * at the current revision and cannot). A watch-list ends with that error and the reflector
   * falls back to a paginated list at once (upstream: client-go reflector.go
   * ListAndWatchWithContext); the pager lists everything at once, at etcd's current revision
   * (upstream: client-go tools/pager ListPager.list, FullListIfExpired, on by default).
   */
  pageFailed(page: RelistPage): void {
    if (page.mode === "list") this.etcd.listed(0);
    if (page.generation !== this.generation) return;
    this.listRevision = null;
    const fallback =
      page.mode === "watchList"
        ? new RelistPage(this, page.generation, "list", 0, "", [], RELIST_PAGE_SIZE)
        : new RelistPage(this, page.generation, "list", 0, "", [], 0);
    this.etcd.submitRange(fallback);
  }

  readPage(page: RelistPage, rev: number, startAfter: string): PageRead | null {
    const kv = this.etcd.kv;
    const at = rev > 0 ? rev : kv.revision;
    if (at < kv.compactedRevision) return null;
    const read = kv.rangeAt(POD_PREFIX, at, page.limit, startAfter);
    if (!read.ok) return null;
    if (page.generation === this.generation) this.listRevision = at;
    return { rev: at, pods: read.items, more: read.more };
  }
}

/** A page as etcd read it: at which revision, its pods, and whether more follow. */
interface PageRead {
  readonly rev: number;
  readonly pods: Pod[];
  readonly more: boolean;
}

// One page of the relist, at the first page's revision (a consistent paginated list).
class RelistPage implements RangeJob {
  readonly reason = "reflector";
  /** upstream: cacher/lister_watcher.go List calls etcd with context.Background(): no deadline. */
  readonly deadlineNs = Number.POSITIVE_INFINITY;
  readonly generation: number;
  readonly mode: RelistMode;
  readonly pods: Pod[];
  /** Objects a page holds at most (0: the whole list in one range, the pager's fallback). */
  readonly limit: number;
  private readonly reflector: Reflector;
  private readonly rev: number;
  private readonly startAfter: string;
  private read: PageRead | null = null;

  constructor(
    reflector: Reflector,
    generation: number,
    mode: RelistMode,
    rev: number,
    startAfter: string,
    pods: Pod[],
    limit: number,
  ) {
    this.mode = mode;
    this.limit = limit;
    this.reflector = reflector;
    this.generation = generation;
    this.rev = rev;
    this.startAfter = startAfter;
    this.pods = pods;
  }

  start(): number {
    this.read = this.reflector.readPage(this, this.rev, this.startAfter);
    return this.read?.pods.length ?? 0;
  }

  finish(): void {
    const read = this.read;
    if (read === null) {
      this.reflector.pageFailed(this);
      return;
    }
    for (const pod of read.pods) this.pods.push(pod);
    const last = read.pods[read.pods.length - 1];
    const lastKey = last === undefined ? "" : `${POD_PREFIX}${last.namespace}/${last.name}`;
    this.reflector.pageDone(this, read.rev, lastKey, read.more, read.pods.length);
  }

  fail(err: ApiError): void {
    // etcd fails a range only at its caller's deadline, and a relist page has none.
    throw new Error(`reflector: a relist page without a deadline failed: ${err.message}`);
  }
}

// upstream: etcd3/watcher.go startWatching, getCurrentStorageRV: the quorum read before a
// watch-list's pages (etcd3 lists the prefix with limit 1), with no deadline.
class WatchListRevisionRead implements RangeJob {
  readonly reason = "reflector";
  readonly deadlineNs = Number.POSITIVE_INFINITY;
  private readonly etcd: EtcdServer;
  private readonly whenRead: () => void;

  constructor(etcd: EtcdServer, whenRead: () => void) {
    this.etcd = etcd;
    this.whenRead = whenRead;
  }

  start(): number {
    return Math.min(1, this.etcd.kv.podCount);
  }

  finish(): void {
    this.whenRead();
  }

  fail(err: ApiError): void {
    throw new Error(`reflector: a quorum read without a deadline failed: ${err.message}`);
  }
}
