import type { CodeLine, GetListLine } from "../code-lines.ts";
import { assert } from "../lib/assert.ts";
import {
  type ApiError,
  isResourceExpired,
  isTooLargeResourceVersion,
  plainError,
  RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS,
  tooManyRequests,
} from "../storage/errors.ts";
import type {
  Done,
  GetOptions,
  ListOptions,
  Storage,
  StorageListResult,
} from "../storage/interfaces.ts";
import { parseResourceVersion, validateListOptions } from "../storage/list-options.ts";
import type { Pod } from "../storage/pod.ts";
import {
  type EtcdListReason,
  type RequestContext,
  recordStep,
  type StepName,
} from "../storage/request-context.ts";
import type { Cacher } from "./cacher.ts";
import type { CacherWatchOptions, WatchDone } from "./cacher-watch.ts";
import { currentRvInDelegator } from "./config.ts";
import type { ConsistentReadFallback } from "./metrics.ts";
import { type PendingList, PendingLists } from "./pending-list.ts";
import { delegationRow, shouldDelegateList } from "./should-delegate.ts";

// The storage the registry calls: routes each read to the watch cache or to etcd, and decides
// the fallbacks. upstream: cacher/delegator.go CacheDelegator

export interface CacheDelegatorOptions {
  readonly cacher: Cacher;
  readonly storage: Storage;
  /** The WatchList gate; when off, sendInitialEvents is dropped from watches. */
  readonly watchListEnabled: boolean;
}

/** The code the client sees for `err`: a non-API error reaches it as a 500. */
const statusCode = (err: ApiError) => (err.kind === "status" ? err.code : 500);

// upstream: delegator.go shouldDelegateListOnNotReadyCache
function shouldDelegateListOnNotReadyCache(opts: ListOptions): boolean {
  return opts.labelSelector === "" && opts.fieldSelector === "" && opts.limit > 0;
}

export class CacheDelegator {
  private readonly pending = new PendingLists<StorageListResult>((call, err, result) =>
    this.onAnswer(call, err, result),
  );
  readonly cacher: Cacher;
  readonly storage: Storage;
  private readonly watchListEnabled: boolean;
  /** 1.33's consistent-read path, decided once: every consistent read asks. */
  private readonly rvInDelegator: boolean;

  constructor(options: CacheDelegatorOptions) {
    this.cacher = options.cacher;
    this.rvInDelegator = currentRvInDelegator(options.cacher.config.version);
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
      this.fail(ctx, validated.error, "getList.validate", done);
      return;
    }
    const decision = shouldDelegateList(opts, this.cacher.delegationHelper());
    if (!decision.ok) {
      this.fail(ctx, decision.error, "getList.decide", done);
      return;
    }
    const { shouldDelegate, consistentRead } = decision.value;
    if (ctx.steps !== undefined) {
      const detail = `${shouldDelegate ? "etcd" : "cache"}${consistentRead ? ", consistent read" : ""}`;
      this.step(ctx, "decision", `shouldDelegate.${delegationRow(opts)}`, () => detail);
    }
    if (shouldDelegate) {
      this.listFromStorage("delegated", "getList.delegate", key, opts, ctx, done);
      return;
    }
    const parsed = parseResourceVersion(opts.resourceVersion);
    if (!parsed.ok) {
      this.fail(ctx, parsed.error, "getList.validate", done);
      return;
    }
    if (!this.cacher.isReady() && shouldDelegateListOnNotReadyCache(opts)) {
      this.listFromStorage("delegated", "getList.notReady", key, opts, ctx, done);
      return;
    }
    if (consistentRead && this.rvInDelegator) {
      this.listAtCurrentRv(key, opts, ctx, done);
      return;
    }
    this.listFromCacher(key, opts, opts, consistentRead, ctx, done);
  }

  /** `cacherOpts` go to the cacher; a fallback to etcd lists with the client's `opts`. */
  private listFromCacher(
    key: string,
    opts: ListOptions,
    cacherOpts: ListOptions,
    consistentRead: boolean,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    const call = this.pending.take(key, opts, ctx, done);
    call.consistentRead = consistentRead;
    this.cacher.getList(key, cacherOpts, ctx, call.answered);
  }

  // upstream: release-1.33 delegator.go GetList, `if result.ConsistentRead` before cacher.GetList
  private listAtCurrentRv(
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    this.storage.getCurrentResourceVersion(ctx, (err, rv) => {
      if (err !== null || rv === null) {
        // Returned as is, before consistent_read_total is counted.
        this.fail(ctx, err ?? plainError("no current resource version"), "getList.cache", done);
        return;
      }
      this.step(ctx, "currentRv", "getList.cache", () => `etcd at RV ${rv}`);
      const atRv: ListOptions = {
        ...opts,
        resourceVersion: String(rv),
        resourceVersionMatch: opts.continue === "" ? "NotOlderThan" : opts.resourceVersionMatch,
      };
      this.listFromCacher(key, opts, atRv, true, ctx, done);
    });
  }

  // upstream: delegator.go GetList, once the cacher answered
  private onAnswer(
    call: PendingList<StorageListResult>,
    err: ApiError | null,
    result: StorageListResult | null,
  ): void {
    const { key, consistentRead } = call;
    const { opts, ctx, done } = call;
    assert(opts !== null && ctx !== null && done !== null, "delegator: a LIST is answered once");
    this.pending.release(call);
    if (err === null) {
      if (consistentRead) this.countConsistentRead(true, "false");
      done(null, result);
      return;
    }
    this.afterCacheError(err, consistentRead, key, opts, ctx, done);
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
      this.listFromStorage("fallback", "getList.expired", key, opts, ctx, done);
      return;
    }
    if (!consistentRead) {
      this.fail(ctx, err, "getList.notConsistent", done);
      return;
    }
    if (!isTooLargeResourceVersion(err)) {
      this.countConsistentRead(false, "false");
      this.fail(ctx, err, "getList.otherError", done);
      return;
    }
    if (this.cacher.config.gates.ConsistentListFromCacheSkipTimeoutFallback) {
      this.countConsistentRead(false, "skipped");
      // The 429 keeps the timeout's text; its cause is dropped, so it is no longer "too large".
      const skipped = tooManyRequests(err.message, RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS);
      this.fail(ctx, skipped, "getList.skip", done);
      return;
    }
    this.listFromStorage("fallback", "getList.fallback", key, opts, ctx, (fallbackErr, result) => {
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
      this.step(ctx, "delegated", null, () =>
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
    why: EtcdListReason,
    line: GetListLine,
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    ctx.servedBy = "etcd";
    ctx.etcdReason = why;
    if (ctx.steps === undefined) {
      this.storage.getList(key, opts, ctx, done);
      return;
    }
    this.step(ctx, why, line, () =>
      why === "fallback" ? "listing from etcd instead" : "listing from etcd",
    );
    this.storage.getList(key, opts, ctx, (err, result) => {
      if (err === null) this.step(ctx, "served", line, () => `etcd: list at RV ${result?.rv}`);
      else this.step(ctx, "failed", line, () => `etcd: ${statusCode(err)}: ${err.message}`);
      done(err, result);
    });
  }

  private countConsistentRead(success: boolean, fallback: ConsistentReadFallback): void {
    this.cacher.metrics.consistentRead(success, fallback).inc();
  }

  private fail<T>(ctx: RequestContext, err: ApiError, line: GetListLine, done: Done<T>): void {
    this.step(ctx, "failed", line, () => `${statusCode(err)}: ${err.message}`);
    done(err, null);
  }

  /** Details are built only for traced requests. */
  private step(
    ctx: RequestContext,
    step: StepName,
    line: CodeLine | null,
    detail: () => string,
  ): void {
    if (ctx.steps !== undefined) recordStep(ctx, this.cacher.scheduler.nowNs, step, line, detail());
  }
}
