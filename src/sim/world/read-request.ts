import type { ApiError } from "../apiserver/errors.ts";
import type { WatchCacheMetrics } from "../apiserver/metrics.ts";
import { type RequestContext, type RequestStep, recordStep } from "../apiserver/request-context.ts";
import type { ListOptions } from "../apiserver/storage.ts";
import type { Sample } from "../metrics/registry.ts";
import type { RequestTraces } from "../request-traces.ts";
import type { Scheduler } from "../scheduler.ts";
import type { ReadKind } from "../snapshot.ts";
import { NS_PER_MS, NS_PER_S } from "../time.ts";
import type { OutcomeLog } from "./outcomes.ts";
import { POD_PREFIX } from "./pods.ts";
import type { SimMetrics } from "./sim-metrics.ts";

// One client LIST, from its first attempt to its last (docs/fidelity.md "World", the clients): an error that
// carries Retry-After is retried per the scenario's `retry` (obey: that many seconds; immediate:
// 1 ms; none: never), at most 10 times; then the client keeps the last error. Each attempt is one
// sample of watchcachelab_reads_total.

export type RetryPolicy = "obey" | "none" | "immediate";

/** The LIST entry point of the apiserver (the delegator). */
export interface ListApi {
  getList(
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: (err: ApiError | null, list: { readonly rv: number } | null) => void,
  ): void;
}

export interface ReadDeps {
  readonly scheduler: Scheduler;
  readonly api: ListApi;
  readonly metrics: SimMetrics;
  readonly outcomes: OutcomeLog;
  readonly retry: RetryPolicy;
  readonly retryKind: number;
  /** Request ids, unique across the run (the trace hash sees them). */
  nextId(): number;
  /** Ended requests, ready for reuse. */
  readonly pool: ReadRequest[];
  /** The upstream series a read served at once still feeds. */
  readonly upstream: WatchCacheMetrics;
  /** Decides which requests carry steps, and keeps their traces for the page. */
  readonly traces: RequestTraces;
}

export const MAX_RETRIES = 10;
const IMMEDIATE_RETRY_NS = NS_PER_MS;

/** How a finished request ended: its last error (null on success) and the list's RV. */
export type ReadEnd = (err: ApiError | null, rv: number) => void;

/** The context of one attempt; reused across attempts and requests (see `ReadRequest.start`). */
interface AttemptContext {
  id: number;
  kind: string;
  waitedNs: number;
  wokeBy: RequestContext["wokeBy"];
  servedBy: RequestContext["servedBy"];
  etcdReason: RequestContext["etcdReason"];
  steps: RequestStep[] | undefined;
}

const POOL_LIMIT = 1024;

interface ListCounters {
  readonly lists: Sample;
  readonly fetched: Sample;
  readonly returned: Sample;
}
const listCountersOf = new WeakMap<ReadDeps, ListCounters>();

/** The list-cache children for index "", looked up once (on first use, as the cacher does). */
function listCounters(deps: ReadDeps): ListCounters {
  let counters = listCountersOf.get(deps);
  if (counters === undefined) {
    const upstream = deps.upstream;
    counters = {
      lists: upstream.cacheList(""),
      fetched: upstream.cacheListFetchedObjects(""),
      returned: upstream.cacheListReturnedObjects,
    };
    listCountersOf.set(deps, counters);
  }
  return counters;
}
const describeList = (o: ListOptions) =>
  `LIST RV="${o.resourceVersion}"${o.resourceVersionMatch === "" ? "" : ` ${o.resourceVersionMatch}`}` +
  (o.limit > 0 ? ` limit ${o.limit}` : "");

const SERVED_AT_ONCE: RequestContext = {
  id: 0,
  waitedNs: 0,
  wokeBy: null,
  servedBy: "cache",
  etcdReason: null,
};

export class ReadRequest {
  private id = 0;
  private kind: ReadKind = "rv0";
  private opts: ListOptions | null = null;
  private onEnd: ReadEnd | null = null;
  private retries = 0;
  private ended = true;
  private readonly deps: ReadDeps;
  private readonly ctx: AttemptContext = {
    id: 0,
    kind: "",
    waitedNs: 0,
    wokeBy: null,
    servedBy: null,
    etcdReason: null,
    steps: undefined,
  };
  private readonly onAttempt = (err: ApiError | null, list: { readonly rv: number } | null) =>
    this.attempted(err, list);
  private readonly resend = () => this.send();

  private constructor(deps: ReadDeps) {
    this.deps = deps;
  }

  /**
   * Sends a new request. Requests that end are pooled and reused: most reads (RV=0 from a ready
   * cache) end within the call, and at thousands per second their garbage would dominate.
   */
  static start(deps: ReadDeps, kind: ReadKind, opts: ListOptions, onEnd: ReadEnd | null): void {
    const request = deps.pool.pop() ?? new ReadRequest(deps);
    request.id = deps.nextId();
    request.kind = kind;
    request.opts = opts;
    request.onEnd = onEnd;
    request.retries = 0;
    request.ended = false;
    request.ctx.steps = deps.traces.begin(request.id, kind, deps.scheduler.nowNs);
    deps.outcomes.started++;
    request.send();
  }

  /**
   * Counts a read the model would answer from the cache at once, without running it: an RV=0
   * LIST on a ready cache (without the noRvGuard what-if) waits for nothing, always succeeds and
   * only feeds the list-cache counters (every object fetched and returned: RV=0 ignores the
   * limit). docs/fidelity.md ("RV=0 reads on a ready cache are counted, not run") says why reads that cannot wait may be counted in bulk; a test runs the
   * same scenario both ways and compares every series.
   */
  static servedAtOnce(deps: ReadDeps, kind: ReadKind, objects: number): void {
    const id = deps.nextId();
    deps.outcomes.started++;
    const counters = listCounters(deps);
    counters.lists.inc();
    counters.fetched.inc(objects);
    counters.returned.inc(objects);
    deps.metrics.read(kind, "cache", 200).inc();
    deps.outcomes.record(id, kind, SERVED_AT_ONCE, null, 200, deps.scheduler.nowNs);
    deps.outcomes.ended++;
  }

  private send(): void {
    const ctx = this.ctx;
    ctx.id = this.id;
    ctx.kind = this.kind;
    ctx.waitedNs = 0;
    ctx.wokeBy = null;
    ctx.servedBy = null;
    ctx.etcdReason = null;
    if (ctx.steps !== undefined) {
      const attempt = this.retries === 0 ? "" : ` (attempt ${this.retries + 1})`;
      const detail = `${describeList(this.opts as ListOptions)}${attempt}`;
      recordStep(ctx, this.deps.scheduler.nowNs, "arrived", "client.send", detail);
    }
    this.deps.outcomes.inFlight++;
    this.deps.api.getList(POD_PREFIX, this.opts as ListOptions, ctx, this.onAttempt);
  }

  private attempted(err: ApiError | null, list: { readonly rv: number } | null): void {
    if (this.ended) throw new Error(`read ${this.id} answered after it ended`);
    const ctx = this.ctx;
    const deps = this.deps;
    deps.outcomes.inFlight--;
    const code = err === null ? 200 : err.kind === "status" ? err.code : 500;
    const servedBy = err === null ? (ctx.servedBy ?? "cache") : "none";
    deps.metrics.read(this.kind, servedBy, code).inc();
    deps.outcomes.record(this.id, this.kind, ctx, err, code, deps.scheduler.nowNs);
    const delayNs = err === null ? null : this.retryDelayNs(err);
    if (delayNs === null) {
      this.end(err, list?.rv ?? 0);
      return;
    }
    this.retries++;
    if (ctx.steps !== undefined) {
      const detail = `${code}: retry after ${delayNs / NS_PER_S} s (${this.retries} of ${MAX_RETRIES})`;
      recordStep(ctx, deps.scheduler.nowNs, "retry", "client.retry", detail);
    }
    deps.scheduler.after(delayNs, deps.retryKind, this.id, this.resend);
  }

  private retryDelayNs(err: ApiError): number | null {
    if (err.kind !== "status" || err.retryAfterSeconds <= 0) return null;
    if (this.retries >= MAX_RETRIES || this.deps.retry === "none") return null;
    return this.deps.retry === "obey" ? err.retryAfterSeconds * NS_PER_S : IMMEDIATE_RETRY_NS;
  }

  private end(err: ApiError | null, rv: number): void {
    this.ended = true;
    this.deps.outcomes.ended++;
    if (this.ctx.steps !== undefined) {
      this.deps.traces.end(this.id);
      this.ctx.steps = undefined;
    }
    const onEnd = this.onEnd;
    this.onEnd = null;
    this.opts = null;
    if (this.deps.pool.length < POOL_LIMIT) this.deps.pool.push(this);
    onEnd?.(err, rv);
  }
}
