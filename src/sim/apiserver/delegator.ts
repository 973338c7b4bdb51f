import type { Cacher } from "./cacher.ts";
import type { CacherWatchOptions, WatchDone } from "./cacher-watch.ts";
import {
  type ApiError,
  isResourceExpired,
  isTooLargeResourceVersion,
  RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS,
  tooManyRequests,
} from "./errors.ts";
import { parseResourceVersion, validateListOptions } from "./list-options.ts";
import type { ConsistentReadFallback } from "./metrics.ts";
import type { Pod } from "./pod.ts";
import { type RequestContext, recordStep, type StepName } from "./request-context.ts";
import { shouldDelegateList } from "./should-delegate.ts";
import type { Done, GetOptions, ListOptions, Storage, StorageListResult } from "./storage.ts";

// The storage the registry calls: routes each read to the watch cache or to etcd, and decides
// the fallbacks (SEMANTICS §3.7). upstream: cacher/delegator.go CacheDelegator

export interface CacheDelegatorOptions {
  readonly cacher: Cacher;
  readonly storage: Storage;
  /** The WatchList gate; when off, sendInitialEvents is dropped from watches. */
  readonly watchListEnabled: boolean;
}

// upstream: delegator.go shouldDelegateListOnNotReadyCache
function shouldDelegateListOnNotReadyCache(opts: ListOptions): boolean {
  return opts.labelSelector === "" && opts.fieldSelector === "" && opts.limit > 0;
}

export class CacheDelegator {
  readonly cacher: Cacher;
  readonly storage: Storage;
  private readonly watchListEnabled: boolean;

  constructor(options: CacheDelegatorOptions) {
    this.cacher = options.cacher;
    this.storage = options.storage;
    this.watchListEnabled = options.watchListEnabled;
  }

  // upstream: delegator.go GetList
  getList(
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    const validated = validateListOptions(this.cacher.resourcePrefix, opts);
    if (!validated.ok) {
      this.fail(ctx, validated.error, done);
      return;
    }
    const decision = shouldDelegateList(opts, this.cacher.delegationHelper());
    if (!decision.ok) {
      this.fail(ctx, decision.error, done);
      return;
    }
    const { shouldDelegate, consistentRead } = decision.value;
    this.step(
      ctx,
      "decision",
      () => `${shouldDelegate ? "etcd" : "cache"}${consistentRead ? ", consistent" : ""}`,
    );
    if (shouldDelegate) {
      this.listFromStorage("delegated", key, opts, ctx, done);
      return;
    }
    const parsed = parseResourceVersion(opts.resourceVersion);
    if (!parsed.ok) {
      this.fail(ctx, parsed.error, done);
      return;
    }
    if (!this.cacher.isReady() && shouldDelegateListOnNotReadyCache(opts)) {
      this.listFromStorage("delegated", key, opts, ctx, done);
      return;
    }
    this.cacher.getList(key, opts, ctx, (err, result) => {
      if (err === null) {
        if (consistentRead) this.countConsistentRead(true, "false");
        done(null, result);
        return;
      }
      this.afterCacheError(err, consistentRead, key, opts, ctx, done);
    });
  }

  // upstream: delegator.go GetList, the error branch
  private afterCacheError(
    err: ApiError,
    consistentRead: boolean,
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    // Before any consistent-read accounting, and for every kind of list.
    if (isResourceExpired(err) && this.cacher.config.gates.ListFromCacheSnapshot) {
      this.listFromStorage("fallback", key, opts, ctx, done);
      return;
    }
    if (!consistentRead) {
      this.fail(ctx, err, done);
      return;
    }
    if (!isTooLargeResourceVersion(err)) {
      this.countConsistentRead(false, "false");
      this.fail(ctx, err, done);
      return;
    }
    if (this.cacher.config.gates.ConsistentListFromCacheSkipTimeoutFallback) {
      this.countConsistentRead(false, "skipped");
      // The 429 keeps the timeout's text; its cause is dropped, so it is no longer "too large".
      this.fail(ctx, tooManyRequests(err.message, RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS), done);
      return;
    }
    this.listFromStorage("fallback", key, opts, ctx, (fallbackErr, result) => {
      this.countConsistentRead(fallbackErr === null, "true");
      done(fallbackErr, result);
    });
  }

  // upstream: delegator.go Get (no fallback: a timeout reaches the client as 504)
  get(
    key: string,
    opts: GetOptions,
    ctx: RequestContext,
    done: Done<{ pod: Pod | null; rv: number }>,
  ): void {
    if (opts.resourceVersion === "" || !this.cacher.isReady()) {
      ctx.servedBy = "etcd";
      this.step(ctx, "delegated", () =>
        opts.resourceVersion === "" ? "GET without RV" : "cache not ready",
      );
      this.storage.get(key, opts, ctx, done);
      return;
    }
    const parsed = parseResourceVersion(opts.resourceVersion);
    if (!parsed.ok) {
      done(parsed.error, null);
      return;
    }
    this.cacher.get(key, opts, ctx, done);
  }

  // upstream: delegator.go Watch
  watch(key: string, opts: CacherWatchOptions, ctx: RequestContext, done: WatchDone): void {
    const effective = this.watchListEnabled ? opts : { ...opts, sendInitialEvents: null };
    this.cacher.watch(key, effective, ctx, done);
  }

  private listFromStorage(
    why: "delegated" | "fallback",
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    ctx.servedBy = "etcd";
    this.step(ctx, why, () =>
      why === "fallback" ? "listing from etcd instead" : "listing from etcd",
    );
    this.storage.getList(key, opts, ctx, done);
  }

  private countConsistentRead(success: boolean, fallback: ConsistentReadFallback): void {
    this.cacher.metrics.consistentRead(success, fallback).inc();
  }

  private fail<T>(ctx: RequestContext, err: ApiError, done: Done<T>): void {
    this.step(ctx, "failed", () => err.message);
    done(err, null);
  }

  /** Details are built only for the traced request. */
  private step(ctx: RequestContext, step: StepName, detail: () => string): void {
    if (ctx.steps !== undefined) recordStep(ctx, this.cacher.scheduler.nowNs, step, detail());
  }
}
