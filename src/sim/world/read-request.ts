import type { ApiError } from "../apiserver/errors.ts";
import { newRequestContext, type RequestContext } from "../apiserver/request-context.ts";
import type { ListOptions } from "../apiserver/storage.ts";
import type { Scheduler } from "../scheduler.ts";
import type { ReadKind } from "../snapshot.ts";
import { NS_PER_MS, NS_PER_S } from "../time.ts";
import type { OutcomeLog } from "./outcomes.ts";
import { POD_PREFIX } from "./pods.ts";
import type { SimMetrics } from "./sim-metrics.ts";

// One client LIST, from its first attempt to its last (SEMANTICS §11 "Clients"): an error that
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
}

export const MAX_RETRIES = 10;
const IMMEDIATE_RETRY_NS = NS_PER_MS;

/** How a finished request ended: its last error (null on success) and the list's RV. */
export type ReadEnd = (err: ApiError | null, rv: number) => void;

export class ReadRequest {
  readonly id: number;
  readonly kind: ReadKind;
  private readonly opts: ListOptions;
  private readonly deps: ReadDeps;
  private readonly onEnd: ReadEnd | null;
  private retries = 0;
  private ended = false;
  private ctx: RequestContext | null = null;

  constructor(deps: ReadDeps, kind: ReadKind, opts: ListOptions, onEnd: ReadEnd | null) {
    this.deps = deps;
    this.id = deps.nextId();
    this.kind = kind;
    this.opts = opts;
    this.onEnd = onEnd;
    deps.outcomes.started++;
  }

  send(): void {
    const ctx = newRequestContext(this.id, this.kind);
    this.ctx = ctx;
    this.deps.outcomes.inFlight++;
    this.deps.api.getList(POD_PREFIX, this.opts, ctx, this.onAttempt);
  }

  private readonly onAttempt = (err: ApiError | null, list: { readonly rv: number } | null) => {
    const ctx = this.ctx as RequestContext;
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
    deps.scheduler.after(delayNs, deps.retryKind, this.id, this.resend);
  };

  private readonly resend = () => this.send();

  private retryDelayNs(err: ApiError): number | null {
    if (err.kind !== "status" || err.retryAfterSeconds <= 0) return null;
    if (this.retries >= MAX_RETRIES || this.deps.retry === "none") return null;
    return this.deps.retry === "obey" ? err.retryAfterSeconds * NS_PER_S : IMMEDIATE_RETRY_NS;
  }

  private end(err: ApiError | null, rv: number): void {
    if (this.ended) throw new Error(`read ${this.id} ended twice`);
    this.ended = true;
    this.deps.outcomes.ended++;
    this.onEnd?.(err, rv);
  }
}
