import { atLeast, type K8sVersion } from "../scenario/k8s-version.ts";
import { prepareContinueToken } from "../storage/continue-token.ts";
import { type ApiError, plainError, tooLargeResourceVersion } from "../storage/errors.ts";
import type { Done, ListOptions, StorageListResult } from "../storage/interfaces.ts";
import { parseResourceVersion } from "../storage/list-options.ts";
import type { Pod } from "../storage/pod.ts";
import type { RequestContext } from "../storage/request-context.ts";
import type { EtcdKv } from "./kv.ts";
import type { RangeJob } from "./range-queue.ts";
import type { RangeReason } from "./range-stats.ts";

/**
 * An etcd LIST at a revision above the current one: 1.34+ answers 504 "Too large resource
 * version" without Retry-After, after a second quorum read for the current revision (upstream:
 * etcd3/store.go listReadError, release-1.34 GetList); 1.33 returns etcd's own "required
 * revision is a future revision" error as is.
 */
export const futureRevisionIsTooLarge = (version: K8sVersion): boolean => atLeast(version, "1.34");

// The range requests etcd serves (docs/fidelity.md "World"): each reads at its service start and reports
// how many objects it returns, which sets its cost; its answer goes out when its service ends.

// upstream: etcd3 store GetCurrentResourceVersion lists the prefix with limit 1
const CURRENT_RV_OBJECTS = 1;
// upstream: etcd's ErrFutureRev, returned as is by etcd3 interpretListError
const FUTURE_REVISION = "etcdserver: mvcc: required revision is a future revision";

/** etcd's own answer to a range at a revision it has not reached (ErrFutureRev). */
export const isFutureRevision = (error: ApiError): boolean =>
  error.kind === "plain" && error.message === FUTURE_REVISION;

// upstream: etcd3/store.go validateMinimumResourceVersion (504 without Retry-After)
function minimumRvError(minimumRv: string, revision: number): ApiError | null {
  if (minimumRv === "") return null;
  const parsed = parseResourceVersion(minimumRv);
  if (!parsed.ok) return parsed.error;
  return parsed.value > revision ? tooLargeResourceVersion(parsed.value, revision, 0) : null;
}

// upstream: etcd3/store.go GetList (one range at the revision current when it is served)
export class ListJob implements RangeJob {
  readonly reason: RangeReason;
  readonly deadlineNs: number;
  private error: ApiError | null = null;
  private result: StorageListResult | null = null;
  private readonly kv: EtcdKv;
  private readonly key: string;
  private readonly opts: ListOptions;
  private readonly withRev: number;
  private readonly continueKey: string;
  private readonly ctx: RequestContext;
  private readonly done: Done<StorageListResult>;

  constructor(
    reason: RangeReason,
    kv: EtcdKv,
    key: string,
    opts: ListOptions,
    withRev: number,
    continueKey: string,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ) {
    this.reason = reason;
    this.kv = kv;
    this.key = key;
    this.opts = opts;
    this.withRev = withRev;
    this.continueKey = continueKey;
    this.ctx = ctx;
    this.deadlineNs = ctx.deadlineNs;
    this.done = done;
  }

  start(): number {
    const current = this.kv.revision;
    if (this.withRev > current) {
      this.error = plainError(FUTURE_REVISION);
      return 0;
    }
    const rev = this.withRev > 0 ? this.withRev : current;
    if (rev < this.kv.compactedRevision) {
      this.error = compactedError(this.opts);
      return 0;
    }
    const read = listAt(this.kv, this.key, rev, this.opts.limit, this.continueKey);
    // upstream: etcd3/store.go GetList checks the minimum RV against the first chunk etcd
    // returned, so the range costs its objects even when the answer is a 504
    this.error = minimumRvError(this.opts.resourceVersion, current);
    if (this.error === null) this.result = read;
    return read.count;
  }

  finish(): void {
    if (this.result !== null) this.ctx.servedBy = "etcd";
    this.done(this.error, this.result);
  }

  fail(error: ApiError): void {
    this.done(error, null);
  }
}

// upstream: etcd3/errors.go inconsistentContinue: handleCompactedErrorForPaging's text, which
// comes with a token to go on at the latest revision (the model's clients never use it)
const INCONSISTENT_CONTINUE =
  "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.";

function compactedError(opts: ListOptions): ApiError {
  // upstream: etcd3/errors.go interpretListError, handleCompactedErrorForPaging
  const message =
    opts.continue !== ""
      ? INCONSISTENT_CONTINUE
      : "The resourceVersion for the provided list is too old.";
  return {
    kind: "status",
    code: 410,
    reason: "Expired",
    message,
    retryAfterSeconds: 0,
    causes: [],
  };
}

/** A page of the prefix at `rev`, counted without materialising it; items on demand. */
export function listAt(
  kv: EtcdKv,
  prefix: string,
  rev: number,
  limit: number,
  continueKey: string,
): StorageListResult {
  if (continueKey === "" && kv.holdsAllOf(prefix)) {
    const total = kv.countAt(prefix, rev);
    const count = limit > 0 ? Math.min(limit, total) : total;
    const more = count < total;
    // upstream: etcd3/store.go GetList (remainingItemCount: etcd's count less the page's items)
    return lazyPage(kv, prefix, rev, limit, count, more ? total - count : null);
  }
  const page = kv.rangeAt(prefix, rev, limit, continueKey);
  if (!page.ok) throw new Error(`etcd: range at readable revision ${rev} failed`);
  const items = page.items;
  const last = items[items.length - 1];
  const token =
    page.more && last !== undefined ? prepareContinueToken(keyOf(prefix, last), prefix, rev) : "";
  return {
    rv: rev,
    count: items.length,
    continue: token,
    remainingItemCount: null,
    items: () => items,
  };
}

/**
 * The first page of a prefix that holds every key: its count is etcd's count at `rev`, and its
 * items (and so its token, which names the last one) are read only if asked for: a client's
 * LIST of the whole prefix reads its count alone, where a page made first made 200 000 pods.
 */
function lazyPage(
  kv: EtcdKv,
  prefix: string,
  rev: number,
  limit: number,
  count: number,
  remaining: number | null,
): StorageListResult {
  let items: Pod[] | null = null;
  const materialise = (): Pod[] => {
    if (items === null) {
      const page = kv.rangeAt(prefix, rev, limit);
      items = page.ok ? page.items : [];
    }
    return items;
  };
  return {
    rv: rev,
    count,
    remainingItemCount: remaining,
    items: materialise,
    get continue(): string {
      const last = remaining !== null ? materialise()[count - 1] : undefined;
      return last !== undefined ? prepareContinueToken(keyOf(prefix, last), prefix, rev) : "";
    },
  };
}

const keyOf = (prefix: string, pod: Pod) => `${prefix}${pod.namespace}/${pod.name}`;

// upstream: etcd3/store.go Get (reads the current revision, then checks the minimum RV)
export class GetJob implements RangeJob {
  readonly reason = "delegated";
  readonly deadlineNs: number;
  private error: ApiError | null = null;
  private value: { pod: Pod | null; rv: number } | null = null;
  private readonly kv: EtcdKv;
  private readonly key: string;
  private readonly minimumRv: string;
  private readonly done: Done<{ pod: Pod | null; rv: number }>;

  constructor(
    kv: EtcdKv,
    key: string,
    minimumRv: string,
    ctx: RequestContext,
    done: Done<{ pod: Pod | null; rv: number }>,
  ) {
    this.deadlineNs = ctx.deadlineNs;
    this.kv = kv;
    this.key = key;
    this.minimumRv = minimumRv;
    this.done = done;
  }

  start(): number {
    const rev = this.kv.revision;
    const pod = this.kv.current(this.key);
    // upstream: etcd3/store.go Get checks the minimum RV after etcd's answer (its cost included)
    this.error = minimumRvError(this.minimumRv, rev);
    if (this.error === null) this.value = { pod, rv: rev };
    return pod === null ? 0 : 1;
  }

  finish(): void {
    this.done(this.error, this.value);
  }

  fail(error: ApiError): void {
    this.done(error, null);
  }
}

/**
 * Every consistent read asks for the current RV, thousands a second: the jobs are reused. A job
 * returns to `pool` once answered; the queue never touches a job after its answer.
 */
export class CurrentRvJob implements RangeJob {
  readonly reason = "current_rv";
  deadlineNs = 0;
  private rv = 0;
  private done: Done<number> | null = null;
  private readonly kv: EtcdKv;
  private readonly pool: CurrentRvJob[];

  private constructor(kv: EtcdKv, pool: CurrentRvJob[]) {
    this.kv = kv;
    this.pool = pool;
  }

  static take(
    kv: EtcdKv,
    pool: CurrentRvJob[],
    ctx: RequestContext,
    done: Done<number>,
  ): CurrentRvJob {
    const job = pool.pop() ?? new CurrentRvJob(kv, pool);
    job.deadlineNs = ctx.deadlineNs;
    job.done = done;
    return job;
  }

  start(): number {
    this.rv = this.kv.revision;
    return Math.min(CURRENT_RV_OBJECTS, this.kv.podCount);
  }

  finish(): void {
    this.release()(null, this.rv);
  }

  fail(error: ApiError): void {
    this.release()(error, null);
  }

  private release(): Done<number> {
    const done = this.done;
    if (done === null) throw new Error("etcd: a current-RV request answered twice");
    this.done = null;
    if (this.pool.length < MAX_POOLED_JOBS) this.pool.push(this);
    return done;
  }
}

const MAX_POOLED_JOBS = 4096;
