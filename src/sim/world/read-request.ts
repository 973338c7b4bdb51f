import { LIST_WALK_EVENT } from "../apiserver/cacher.ts";
import type { WatchCacheMetrics } from "../apiserver/metrics.ts";
import { DeferredCalls } from "../deferred-calls.ts";
import { assert } from "../lib/assert.ts";
import { defined } from "../lib/at.ts";
import { placeOf } from "../lib/place-of.ts";
import { cacheWalkNs } from "../list-costs.ts";
import type { HistogramSample, Sample } from "../metrics/registry.ts";
import type { RequestTraces } from "../request-traces.ts";
import type { Scheduler } from "../scheduler.ts";
import type { ReadKind } from "../snapshot.ts";
import { type ApiError, requestTimeout } from "../storage/errors.ts";
import type { ListOptions } from "../storage/interfaces.ts";
import { type RequestContext, type RequestStep, recordStep } from "../storage/request-context.ts";
import { NS_PER_MS, NS_PER_S } from "../time.ts";
import type { ListMemory } from "./list-memory.ts";
import { type OutcomeLog, READ_KINDS } from "./outcomes.ts";
import { PODS_LIST_KEY } from "./pods.ts";
import type { Deadlined, RequestDeadlines } from "./request-deadlines.ts";
import type { RetryTimers } from "./retry-timers.ts";
import type { SimMetrics } from "./sim-metrics.ts";

// One client LIST, from its first attempt to its last (docs/fidelity.md "World", the clients): an error that
// carries Retry-After is retried per the scenario's `retry` (obey: that many seconds; immediate:
// 1 ms; none: never), at most 10 times per page request; then the client keeps the last error.
// With a limit > 0 the client follows `continue` until its list is complete, as client-go's pager
// does (upstream: client-go tools/pager ListPager.list): every page is a request carrying the
// previous page's token and no RV, and a 410 on a later page makes it list everything at once at
// the first request's RV (FullListIfExpired). Each attempt is one sample of
// watchcachelab_reads_total; the logical LIST, when it ends, one of watchcachelab_lists_total and
// its whole walk one observation of watchcachelab_list_duration_seconds. Every attempt is an HTTP
// request with its own deadline, `requestTimeout` after it was sent: unanswered then, the client
// gets 504 at once, and the apiserver's later answer to it is dropped.

export type RetryPolicy = "obey" | "none" | "immediate";

/** What a client reads of a page: its RV, its size and the token of the next page. */
export interface ListPage {
  readonly rv: number;
  readonly count: number;
  readonly continue: string;
}

/** The LIST entry point of the apiserver (the delegator). */
export interface ListApi {
  getList(
    key: string,
    opts: ListOptions,
    ctx: RequestContext,
    done: (err: ApiError | null, list: ListPage | null) => void,
  ): void;
}

export interface ReadDeps {
  readonly scheduler: Scheduler;
  readonly api: ListApi;
  readonly metrics: SimMetrics;
  readonly outcomes: OutcomeLog;
  readonly retry: RetryPolicy;
  /** Where clients sleep before a retry (one scheduler event per delay, not per client). */
  readonly retries: RetryTimers;
  /** kube-apiserver's --request-timeout: each attempt's deadline after it is sent. */
  readonly requestTimeoutNs: number;
  /** Watches the deadlines of attempts not answered at once. */
  readonly deadlines: RequestDeadlines;
  /** Request ids, unique across the run (the trace hash sees them). */
  nextId(): number;
  /** Ended requests, ready for reuse. */
  readonly pool: ReadRequest[];
  /** The upstream series a read served at once still feeds. */
  readonly upstream: WatchCacheMetrics;
  /** Decides which requests carry steps, and keeps their traces for the page. */
  readonly traces: RequestTraces;
  /** Clients follow `continue` to the end of a list (schema version 2 on). */
  readonly followPages: boolean;
  /** Told of every attempt's answer as the client gets it (sim/script/ writes them down), or null. */
  readonly settled: AttemptObserver | null;
  /** Mean bytes of one object: what a page served from the cache holds for its instant. */
  readonly objectBytes: number;
  /** What the cacher's walk costs per object before it answers (apiserver config `walkNsPerObject`). */
  readonly walkNsPerObject: number;
  readonly memory: ListMemory;
  /** Each kind's series on the common path, found once (see KindSeries). */
  readonly series: ReadSeries;
}

/** What a client got for one attempt: an error (its own 504 at the deadline included) or a page. */
export type AttemptObserver = (
  ctx: RequestContext,
  err: ApiError | null,
  list: ListPage | null,
) => void;

export const MAX_RETRIES = 10;
const IMMEDIATE_RETRY_NS = NS_PER_MS;

/** How a finished request ended: its last error (null on success) and the list's RV. */
export type ReadEnd = (err: ApiError | null, rv: number) => void;

const POOL_LIMIT = 1024;

const describeList = (o: ListOptions) =>
  `LIST RV="${o.resourceVersion}"${o.resourceVersionMatch === "" ? "" : ` ${o.resourceVersionMatch}`}` +
  (o.limit > 0 ? ` limit ${o.limit}` : "") +
  (o.continue === "" ? "" : " continue");

// upstream: client-go tools/pager ListPager.list: the next page carries the token, and the RV and
// its match are cleared (the apiserver refuses an RV together with a continue token).
const nextPage = (first: ListOptions, token: string): ListOptions => ({
  ...first,
  resourceVersion: "",
  resourceVersionMatch: "",
  continue: token,
});

// upstream: ListPager.list with FullListIfExpired: a later page's 410 becomes one full list at
// the RV the first page asked for.
const fullList = (first: ListOptions): ListOptions => ({ ...first, limit: 0, continue: "" });

const isExpired = (err: ApiError) => err.kind === "status" && err.code === 410;

/**
 * One client LIST, and the context of its current attempt: the apiserver model fills the
 * attempt's fields (RequestContext) on the request itself, which saves an object per request
 * to touch again when the answer comes, thousands of times a second.
 */
export class ReadRequest implements RequestContext, Deadlined {
  id = 0;
  kind: ReadKind = "rv0";
  waitedNs = 0;
  wokeBy: RequestContext["wokeBy"] = null;
  servedBy: RequestContext["servedBy"] = null;
  etcdReason: RequestContext["etcdReason"] = null;
  deadlineNs = Number.POSITIVE_INFINITY;
  answerDueNs = Number.POSITIVE_INFINITY;
  steps: RequestStep[] | undefined = undefined;
  /** The current attempt was sent and not yet answered. */
  awaiting = false;
  /**
   * The client gave up at the deadline while the apiserver still works on the attempt (it holds
   * this request as its context): pooled only once the apiserver's answer arrives.
   */
  private abandoned = false;
  private series: KindSeries;
  /** The first page's options, and the page being asked for now. */
  private first: ListOptions | null = null;
  private opts: ListOptions | null = null;
  private onEnd: ReadEnd | null = null;
  /** Retries of the current page (each page request has its own 10). */
  private retries = 0;
  /** Pages answered so far. */
  private pages = 0;
  private startNs = 0;
  private ended = true;
  private readonly deps: ReadDeps;
  /**
   * Bound methods, not arrows: an arrow is a function and a context of its own per request, and
   * the largest scenario holds hundreds of thousands of requests in etcd's queue (the bound
   * function is one smaller object; docs/benchmarks.md at 97e105f, the largest scenario past 60 s).
   */
  private readonly onAttempt: (err: ApiError | null, list: ListPage | null) => void =
    this.attempted.bind(this);

  private constructor(deps: ReadDeps) {
    this.deps = deps;
    this.series = deps.series.of("rv0");
  }

  /** The first page's options: set from `start` until the request ends. */
  private get firstPage(): ListOptions {
    const first = this.first;
    assert(first !== null, "read request: a request in flight knows its first page");
    return first;
  }

  /** The page being asked for now: set from `start` until the request ends. */
  private get page(): ListOptions {
    const opts = this.opts;
    assert(opts !== null, "read request: a request in flight knows its page");
    return opts;
  }

  /**
   * Sends a new request. Requests that end are pooled and reused: most reads (RV=0 from a ready
   * cache) end within the call, and at thousands per second their garbage would dominate.
   */
  static start(deps: ReadDeps, kind: ReadKind, opts: ListOptions, onEnd: ReadEnd | null): void {
    const request = deps.pool.pop() ?? new ReadRequest(deps);
    request.id = deps.nextId();
    request.kind = kind;
    request.series = deps.series.of(kind);
    request.first = opts;
    request.opts = opts;
    request.onEnd = onEnd;
    request.retries = 0;
    request.pages = 0;
    request.startNs = deps.scheduler.nowNs;
    request.ended = false;
    request.steps = deps.traces.begin(request.id, kind, deps.scheduler.nowNs);
    deps.outcomes.started++;
    request.send();
  }

  private send(): void {
    this.waitedNs = 0;
    this.wokeBy = null;
    this.servedBy = null;
    this.etcdReason = null;
    if (this.steps !== undefined) {
      const page = this.pages === 0 ? "" : ` (page ${this.pages + 1})`;
      const attempt = this.retries === 0 ? "" : ` (attempt ${this.retries + 1})`;
      const detail = `${describeList(this.page)}${page}${attempt}`;
      recordStep(this, this.deps.scheduler.nowNs, "arrived", "client.send", detail);
    }
    this.deps.outcomes.inFlight++;
    this.deadlineNs = this.deps.scheduler.nowNs + this.deps.requestTimeoutNs;
    this.answerDueNs = Number.POSITIVE_INFINITY;
    this.awaiting = true;
    this.deps.api.getList(PODS_LIST_KEY, this.page, this, this.onAttempt);
    // An answer already scheduled before the deadline (the cacher's walk) leaves nothing to watch.
    if (this.awaiting && this.answerDueNs >= this.deadlineNs) this.deps.deadlines.watch(this);
  }

  private attempted(err: ApiError | null, list: ListPage | null): void {
    if (this.abandoned) {
      // The answer to an attempt the client already got 504 for.
      this.abandoned = false;
      this.recycle();
      return;
    }
    if (this.ended) throw new Error(`read ${this.id} answered after it ended`);
    this.awaiting = false;
    // An answer at the deadline's very instant loses to it, as to the client's own timer.
    if (this.deps.scheduler.nowNs >= this.deadlineNs) this.settle(requestTimeout(), null);
    else this.settle(err, list);
  }

  /** The deadline passed with the attempt unanswered (request-deadlines.ts). */
  deadlinePassed(): void {
    this.awaiting = false;
    this.abandoned = true;
    if (this.steps !== undefined) {
      const detail =
        "request deadline passed: 504 (the apiserver's work goes on, its answer dropped)";
      recordStep(this, this.deps.scheduler.nowNs, "failed", null, detail);
    }
    this.settle(requestTimeout(), null);
    // A 504 without Retry-After ends the list: the request is never sent again while abandoned.
    if (!this.ended) throw new Error(`read ${this.id} retried after its deadline`);
  }

  private settle(err: ApiError | null, list: ListPage | null): void {
    const deps = this.deps;
    deps.settled?.(this, err, list);
    deps.outcomes.inFlight--;
    const code = err === null ? 200 : err.kind === "status" ? err.code : 500;
    const servedBy = err === null ? (this.servedBy ?? "cache") : "none";
    const fromCache = code === 200 && servedBy === "cache";
    (fromCache ? this.series.readFromCache() : deps.metrics.read(this.kind, servedBy, code)).inc();
    deps.outcomes.record(this.id, this.kind, this, err, code, deps.scheduler.nowNs);
    if (err === null && list !== null) {
      if (servedBy === "cache") deps.memory.servedFromCache(list.count * deps.objectBytes);
      this.answered(list);
      return;
    }
    if (err !== null && isExpired(err) && this.page.continue !== "" && this.deps.followPages) {
      this.resendAs(fullList(this.firstPage), "410 on a later page: listing all at once");
      return;
    }
    const delayNs = err === null ? null : this.retryDelayNs(err);
    if (delayNs === null) {
      this.end(err, 0, code);
      return;
    }
    this.retries++;
    deps.outcomes.retries++;
    if (this.steps !== undefined) {
      const detail = `${code}: retry after ${delayNs / NS_PER_S} s (${this.retries} of ${MAX_RETRIES})`;
      recordStep(this, deps.scheduler.nowNs, "retry", "client.retry", detail);
    }
    deps.retries.after(delayNs, this);
  }

  /** The client's sleep before a retry ended (retry-timers.ts). */
  retry(): void {
    this.send();
  }

  /** A page arrived: the next one is asked for at once, or the list is complete. */
  private answered(list: ListPage): void {
    this.pages++;
    const limit = this.firstPage.limit;
    if (!this.deps.followPages || limit <= 0 || list.continue === "") {
      this.end(null, list.rv, 200);
      return;
    }
    this.resendAs(nextPage(this.firstPage, list.continue), null);
  }

  /** Sends another request of the same list; `why` is a step worth showing, if any. */
  private resendAs(opts: ListOptions, why: string | null): void {
    this.opts = opts;
    this.retries = 0;
    if (this.steps !== undefined && why !== null) {
      recordStep(this, this.deps.scheduler.nowNs, "retry", "client.retry", why);
    }
    this.send();
  }

  private retryDelayNs(err: ApiError): number | null {
    if (err.kind !== "status" || err.retryAfterSeconds <= 0) return null;
    if (this.retries >= MAX_RETRIES || this.deps.retry === "none") return null;
    return this.deps.retry === "obey" ? err.retryAfterSeconds * NS_PER_S : IMMEDIATE_RETRY_NS;
  }

  private end(err: ApiError | null, rv: number, code: number): void {
    this.ended = true;
    const deps = this.deps;
    deps.outcomes.ended++;
    (code === 200 ? this.series.listOk() : deps.metrics.list(this.kind, code)).inc();
    this.series.duration().observe((deps.scheduler.nowNs - this.startNs) / NS_PER_S);
    if (this.steps !== undefined) {
      this.deps.traces.end(this.id);
      this.steps = undefined;
    }
    const onEnd = this.onEnd;
    this.onEnd = null;
    this.opts = null;
    this.first = null;
    if (!this.abandoned) this.recycle();
    onEnd?.(err, rv);
  }

  private recycle(): void {
    if (this.deps.pool.length < POOL_LIMIT) this.deps.pool.push(this);
  }
}

/**
 * The series every request of one kind feeds when it ends well, each found on its first use (a
 * series appears in the exposition once touched): three label lookups per read were a tenth of
 * the consistent reads' map lookups.
 */
class KindSeries {
  private readonly metrics: SimMetrics;
  private readonly kind: ReadKind;
  private fromCache: Sample | null = null;
  private ok: Sample | null = null;
  private latency: HistogramSample | null = null;

  constructor(metrics: SimMetrics, kind: ReadKind) {
    this.metrics = metrics;
    this.kind = kind;
  }

  /** watchcachelab_reads_total{kind, served_by="cache", code="200"} */
  readFromCache(): Sample {
    this.fromCache ??= this.metrics.read(this.kind, "cache", 200);
    return this.fromCache;
  }

  /** watchcachelab_lists_total{kind, outcome="ok"} */
  listOk(): Sample {
    this.ok ??= this.metrics.list(this.kind, 200);
    return this.ok;
  }

  /** watchcachelab_list_duration_seconds{kind} */
  duration(): HistogramSample {
    this.latency ??= this.metrics.listDuration(this.kind);
    return this.latency;
  }
}

/** Every kind's KindSeries, by the kind's place in READ_KINDS. */
export class ReadSeries {
  private readonly byKind: readonly KindSeries[];

  constructor(metrics: SimMetrics) {
    this.byKind = READ_KINDS.map((kind) => new KindSeries(metrics, kind));
  }

  of(kind: ReadKind): KindSeries {
    return defined(this.byKind[placeOf(READ_KINDS, kind)]);
  }
}

const SERVED_AT_ONCE: RequestContext = {
  id: 0,
  waitedNs: 0,
  wokeBy: null,
  servedBy: "cache",
  etcdReason: null,
  deadlineNs: Number.POSITIVE_INFINITY,
};

/** The series a read served at once feeds, found on its first count (the order they appear in). */
interface AtOnceSamples {
  readonly lists: Sample;
  readonly fetched: Sample;
  readonly returned: Sample;
  readonly read: Sample;
  readonly list: Sample;
  readonly duration: HistogramSample;
}

/**
 * Counts the reads of one kind the model would answer from the cache without waiting, without
 * running them (the cacher's walk, when it costs time, is scheduled as the run schedules it): an
 * RV=0 LIST on a ready cache (without the noRvGuard what-if) waits for nothing, always succeeds
 * and only feeds the list-cache counters (every object fetched and returned: RV=0 ignores the
 * limit). docs/fidelity.md ("RV=0 reads on a ready cache are counted, not run") says
 * why reads that cannot wait may be counted in bulk; test/core/bulk-path.test.ts runs random
 * scenarios both ways and compares every series and every attempt.
 */
export class ServedAtOnce {
  private readonly deps: ReadDeps;
  private readonly kind: ReadKind;
  private samples: AtOnceSamples | null = null;
  /** Reads answered once the cacher's walk is done: id, objects, walk. */
  private readonly walks: DeferredCalls<number, number>;

  constructor(deps: ReadDeps, kind: ReadKind) {
    this.deps = deps;
    this.kind = kind;
    this.walks = new DeferredCalls(deps.scheduler, LIST_WALK_EVENT, (id, objects, walkNs) => {
      deps.outcomes.inFlight--;
      this.answered(id, objects, walkNs);
    });
  }

  count(objects: number): void {
    const deps = this.deps;
    const id = deps.nextId();
    deps.outcomes.started++;
    const samples = this.samples ?? this.find();
    samples.lists.inc();
    samples.fetched.inc(objects);
    samples.returned.inc(objects);
    deps.upstream.storageList.record("watchcache", "", objects, 0, objects);
    const walkNs = cacheWalkNs(objects, deps.walkNsPerObject);
    if (walkNs === 0) {
      this.answered(id, objects, 0);
      return;
    }
    // As the run of the read: the cacher's walk answers it later, before its deadline (so the
    // deadline is not watched).
    deps.outcomes.inFlight++;
    this.walks.after(walkNs, id, objects, walkNs);
  }

  /** Whether a read of `objects` would be answered before its deadline (else it must run). */
  answersInTime(objects: number): boolean {
    return cacheWalkNs(objects, this.deps.walkNsPerObject) < this.deps.requestTimeoutNs;
  }

  /** The client gets its page: what settling and ending the read feed. */
  private answered(id: number, objects: number, walkNs: number): void {
    const deps = this.deps;
    const samples = this.samples;
    assert(samples !== null, "served at once: counting a read found its series first");
    samples.read.inc();
    deps.memory.servedFromCache(objects * deps.objectBytes);
    deps.outcomes.record(id, this.kind, SERVED_AT_ONCE, null, 200, deps.scheduler.nowNs);
    deps.outcomes.ended++;
    samples.list.inc();
    samples.duration.observe(walkNs / NS_PER_S);
  }

  // In the order a run of the read would first touch them (the exposition lists series so).
  private find(): AtOnceSamples {
    const { upstream, metrics } = this.deps;
    const samples: AtOnceSamples = {
      lists: upstream.cacheList(""),
      fetched: upstream.cacheListFetchedObjects(""),
      returned: upstream.cacheListReturnedObjects,
      read: metrics.read(this.kind, "cache", 200),
      list: metrics.list(this.kind, 200),
      duration: metrics.listDuration(this.kind),
    };
    this.samples = samples;
    return samples;
  }
}
