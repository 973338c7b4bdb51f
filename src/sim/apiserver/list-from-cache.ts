import type { Scheduler } from "../scheduler.ts";
import { decodeContinue } from "../storage/continue-token.ts";
import { type ApiError, badRequest } from "../storage/errors.ts";
import type { LazyList, ListOptions, Storage } from "../storage/interfaces.ts";
import { parseResourceVersion } from "../storage/list-options.ts";
import type { Pod } from "../storage/pod.ts";
import { type RequestContext, recordStep } from "../storage/request-context.ts";
import type { ApiserverConfig } from "./config.ts";
import { continuationWaitsForItsRv, readsConsistentFromCache } from "./config.ts";
import { parseSelector, requiredValue } from "./selectors.ts";
import { delegationRow } from "./should-delegate.ts";
import type { Resume } from "./wait-until-fresh.ts";
import type { WatchCacheStorage } from "./watch-cache-storage.ts";

/**
 * What the cache's LISTs need of the watch cache. Declared here, beside its user, so
 * watch-cache.ts depends on this file and this file on nothing of watch-cache.ts (the WatchCache
 * satisfies it structurally).
 */
export interface ListingCache {
  readonly scheduler: Scheduler;
  readonly config: ApiserverConfig;
  readonly resourceVersion: number;
  readonly storage: Pick<WatchCacheStorage, "store" | "getExactSnapshotLocked">;
  readonly backend: Pick<Storage, "getCurrentResourceVersion">;
  /** Answered latest-RV lists, reused (thousands a second). */
  readonly pendingLists: PendingLatest[];
  waitUntilFreshLocked(
    rv: number,
    consistentReadSupported: boolean,
    ctx: RequestContext,
    resume: Resume,
  ): void;
  waitUntilFreshAndGet(
    rv: number,
    key: string,
    ctx: RequestContext,
    done: (err: ApiError | null, found: { pod: Pod | null; rv: number } | null) => void,
  ): void;
}

// The watch cache's own LIST (upstream: watch_cache.go WaitUntilFreshAndGetList), before the cacher filters by selector and applies
// the limit. Results are lazy: `count` is cheap and items are built only when asked for.

export interface CacheList extends LazyList {
  /** The index that served the list ("l:<key>" or "f:<path>"), "" for none. */
  readonly indexUsed: string;
}

export type ListDone = (err: ApiError | null, list: CacheList | null) => void;

interface MatchValue {
  readonly indexName: string;
  readonly value: string;
}
const NO_MATCHES: readonly MatchValue[] = [];

// upstream: watch_cache.go WaitUntilFreshAndGetList
export function waitUntilFreshAndGetList(
  cache: ListingCache,
  key: string,
  opts: ListOptions,
  ctx: RequestContext,
  done: ListDone,
): void {
  if (opts.recursive) waitUntilFreshAndList(cache, key, opts, ctx, done);
  else waitUntilFreshAndGetOne(cache, key, opts, ctx, done);
}

// upstream: watch_cache.go waitUntilFreshAndGetList (single key)
function waitUntilFreshAndGetOne(
  cache: ListingCache,
  key: string,
  opts: ListOptions,
  ctx: RequestContext,
  done: ListDone,
): void {
  const get = (rv: number) =>
    cache.waitUntilFreshAndGet(rv, key, ctx, (err, found) => {
      if (found === null) {
        done(err, null);
        return;
      }
      const items: Pod[] = found.pod === null ? [] : [found.pod];
      const take = (max = Number.POSITIVE_INFINITY) => items.slice(0, max);
      done(null, { rv: found.rv, count: items.length, items: take, indexUsed: "" });
    });
  if (opts.resourceVersionMatch === "" && opts.resourceVersion === "") {
    currentRv(cache, ctx, done, get);
    return;
  }
  const rv = parseResourceVersion(opts.resourceVersion);
  if (!rv.ok) done(rv.error, null);
  else get(rv.value);
}

// upstream: watch_cache.go waitUntilFreshAndList (recursive): the rows of ShouldDelegateList's table
function waitUntilFreshAndList(
  cache: ListingCache,
  key: string,
  opts: ListOptions,
  ctx: RequestContext,
  done: ListDone,
): void {
  const parsed = parseResourceVersion(opts.resourceVersion);
  if (!parsed.ok) {
    done(parsed.error, null);
    return;
  }
  const listRv = parsed.value;
  // Thousands of LISTs a second come through here: no closure unless a call must wait for etcd.
  switch (delegationRow(opts)) {
    case "exact":
    case "legacyExact":
      listExact(cache, key, "", listRv, ctx, done);
      return;
    case "continue": {
      const token = decodeContinue(opts.continue, key);
      if (!token.ok) done(badRequest(`invalid continue token: ${token.message}`), null);
      else if (token.rv > 0) {
        const waitRv = continuationWaitsForItsRv(cache.config.version) ? token.rv : listRv;
        listExact(cache, key, token.key, token.rv, ctx, done, waitRv);
      } else listConsistent(cache, key, token.key, NO_MATCHES, ctx, done);
      return;
    }
    case "consistent":
      listConsistent(cache, key, "", matchValues(opts), ctx, done);
      return;
    case "notOlderThan":
    case "rvZeroOrUnlimited":
    case "other":
      listLatest(cache, listRv, key, "", matchValues(opts), ctx, done);
      return;
  }
}

/** The latest list once the cache reaches etcd's current RV (one closure: thousands a second). */
// upstream: watch_cache.go waitAndListConsistent
function listConsistent(
  cache: ListingCache,
  key: string,
  fromKey: string,
  matches: readonly MatchValue[],
  ctx: RequestContext,
  done: ListDone,
): void {
  const call = pendingLatest(cache, key, fromKey, matches, ctx, done);
  cache.backend.getCurrentResourceVersion(ctx, call.onCurrentRv);
}

/** A consistent GET starts from etcd's current RV; its failure is returned as is. */
// upstream: watch_cache.go waitAndListConsistent (the getCurrentRV part)
function currentRv(
  cache: ListingCache,
  ctx: RequestContext,
  done: ListDone,
  then: (rv: number) => void,
) {
  cache.backend.getCurrentResourceVersion(ctx, (err, rv) => {
    if (err !== null || rv === null) return done(err, null);
    if (ctx.steps !== undefined) recordCurrentRv(cache, ctx, rv);
    then(rv);
  });
}

function recordCurrentRv(cache: ListingCache, ctx: RequestContext, rv: number): void {
  recordStep(ctx, cache.scheduler.nowNs, "currentRv", "cacheList.currentRv", `etcd at RV ${rv}`);
}

// upstream: watch_cache.go waitAndListLatestRV
function listLatest(
  cache: ListingCache,
  minRv: number,
  key: string,
  fromKey: string,
  matches: readonly MatchValue[],
  ctx: RequestContext,
  done: ListDone,
): void {
  const call = pendingLatest(cache, key, fromKey, matches, ctx, done);
  cache.waitUntilFreshLocked(minRv, readsConsistentFromCache(cache.config), ctx, call.onFresh);
}

/**
 * A latest-RV LIST waiting for etcd's current RV, then for the cache. Thousands a second wait,
 * and closures for each would be most of the read path's garbage, so these are pooled per
 * cache: taken at the call, returned (holding nothing) before the answer goes out.
 */
export class PendingLatest {
  private cache: ListingCache | null = null;
  private key = "";
  private fromKey = "";
  private matches: readonly MatchValue[] = NO_MATCHES;
  private ctx: RequestContext | null = null;
  private done: ListDone | null = null;

  /**
   * The callback a consistent list's current-RV request answers, made at this object's first
   * consistent list: NotOlderThan lists wait without it, and the largest scenario holds hundreds
   * of thousands of pending lists in etcd's queue. Both callbacks are bound methods: an arrow is
   * a function and a context of its own, the bound function one smaller object.
   */
  private currentRvFn: ((err: ApiError | null, rv: number | null) => void) | null = null;

  get onCurrentRv(): (err: ApiError | null, rv: number | null) => void {
    this.currentRvFn ??= this.currentRv.bind(this);
    return this.currentRvFn;
  }

  private currentRv(err: ApiError | null, rv: number | null): void {
    const { cache, ctx } = this;
    if (cache === null || ctx === null) throw new Error("list: a pending list answered twice");
    if (err !== null || rv === null) {
      this.answer(err, null);
      return;
    }
    if (ctx.steps !== undefined) recordCurrentRv(cache, ctx, rv);
    cache.waitUntilFreshLocked(rv, readsConsistentFromCache(cache.config), ctx, this.onFresh);
  }

  readonly onFresh: (err: ApiError | null) => void = this.fresh.bind(this);

  private fresh(err: ApiError | null): void {
    const cache = this.cache;
    if (cache === null) throw new Error("list: a pending list answered twice");
    if (err !== null) {
      this.answer(err, null);
      return;
    }
    const store = cache.storage.store;
    const rv = cache.resourceVersion;
    for (const m of this.matches) {
      const bucket = store.byIndex(m.indexName, m.value, rv);
      if (bucket !== undefined) {
        this.answer(null, withIndex(bucket, m.indexName));
        return;
      }
    }
    // The newest snapshot always equals the live store, so the live store serves "latest".
    this.answer(null, store.list(this.key, this.fromKey, rv));
  }

  hold(
    cache: ListingCache,
    key: string,
    fromKey: string,
    matches: readonly MatchValue[],
    ctx: RequestContext,
    done: ListDone,
  ): this {
    this.cache = cache;
    this.key = key;
    this.fromKey = fromKey;
    this.matches = matches;
    this.ctx = ctx;
    this.done = done;
    return this;
  }

  private answer(err: ApiError | null, list: CacheList | null): void {
    const { cache, done } = this;
    if (cache === null || done === null) throw new Error("list: a pending list answered twice");
    this.cache = this.ctx = this.done = null;
    this.matches = NO_MATCHES;
    if (cache.pendingLists.length < MAX_POOLED) cache.pendingLists.push(this);
    done(err, list);
  }
}

const MAX_POOLED = 4096;

function pendingLatest(
  cache: ListingCache,
  key: string,
  fromKey: string,
  matches: readonly MatchValue[],
  ctx: RequestContext,
  done: ListDone,
): PendingLatest {
  const call = cache.pendingLists.pop() ?? new PendingLatest();
  return call.hold(cache, key, fromKey, matches, ctx, done);
}

// upstream: watch_cache.go waitAndListExactRV
function listExact(
  cache: ListingCache,
  key: string,
  fromKey: string,
  rv: number,
  ctx: RequestContext,
  done: ListDone,
  waitRv = rv,
): void {
  cache.waitUntilFreshLocked(waitRv, readsConsistentFromCache(cache.config), ctx, (err) => {
    if (err !== null) return done(err, null);
    const view = cache.storage.getExactSnapshotLocked(rv);
    if ("kind" in view) return done(view, null);
    if (view.rv < rv && cache.resourceVersion < rv && ctx.steps !== undefined) {
      const detail = `1.33 bug: the page claims RV ${rv}, its data is the snapshot at RV ${view.rv} (the cache has not reached ${rv})`;
      recordStep(ctx, cache.scheduler.nowNs, "served", null, detail);
    }
    done(null, withIndex(view.list(key, fromKey, rv), ""));
  });
}

/** Fields first, then labels: each the selector pins to one value is a candidate index. */
// upstream: cacher.go GetList (matchValues from the predicate's index fields and labels)
function matchValues(opts: ListOptions): readonly MatchValue[] {
  // Empty selectors pin nothing (and parse to nothing).
  if (opts.fieldSelector === "" && opts.labelSelector === "") return NO_MATCHES;
  const out: MatchValue[] = [];
  const fields = parseSelector(opts.fieldSelector);
  for (const path of opts.indexFields) {
    const value = requiredValue(fields, path);
    if (value !== undefined) out.push({ indexName: `f:${path}`, value });
  }
  const labels = parseSelector(opts.labelSelector);
  for (const label of opts.indexLabels) {
    const value = requiredValue(labels, label);
    if (value !== undefined) out.push({ indexName: `l:${label}`, value });
  }
  return out;
}

const withIndex = (list: LazyList, indexUsed: string): CacheList =>
  new IndexedList(list, indexUsed);

/** A class rather than a literal with a getter: one small object per LIST. */
class IndexedList implements CacheList {
  private readonly list: LazyList;
  readonly indexUsed: string;
  constructor(list: LazyList, indexUsed: string) {
    this.list = list;
    this.indexUsed = indexUsed;
  }
  get rv(): number {
    return this.list.rv;
  }
  get count(): number {
    return this.list.count;
  }
  items(max?: number): Pod[] {
    return this.list.items(max);
  }
  keyAt(i: number): string | undefined {
    return this.list.keyAt?.(i);
  }
}
