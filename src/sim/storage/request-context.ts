import type { CodeLine } from "../code-lines.ts";
import type { Nanos } from "../time.ts";

// What the model records about one request as it flows through the apiserver. The client traces a
// request by giving it a `steps` array (world/request-traces.ts decides which); every other
// request leaves it undefined, and the model then only updates a few scalar fields.

export type WokeBy = "event" | "bookmark" | "replace" | "timer";

export type StepName =
  | "arrived"
  | "decision"
  | "currentRv"
  | "fresh"
  | "parked"
  | "woken"
  | "served"
  | "failed"
  | "fallback"
  | "delegated"
  | "retry";

export interface RequestStep {
  readonly atNs: Nanos;
  readonly step: StepName;
  /** The line of the annotated pseudocode this step corresponds to; null where we show none. */
  readonly line: CodeLine | null;
  readonly detail: string;
}

export interface RequestContext {
  readonly id: number;
  /** The read kind the client issued (for the UI), e.g. "consistent", "rv0". */
  readonly kind?: string;
  /** Present only for a traced request (shared by all its attempts). */
  readonly steps?: RequestStep[] | undefined;
  /** Time spent parked on the watch cache's condition variable. */
  waitedNs: number;
  /** What woke the last wait: an RV change by kind, or the 3 s timer. */
  wokeBy: WokeBy | null;
  servedBy: "cache" | "etcd" | null;
  /** Why the delegator last sent this request's LIST to etcd (watchcachelab_etcd_requests_total). */
  etcdReason: EtcdListReason | null;
  /**
   * When the request's context ends: a client request's `requestTimeout` from its arrival
   * (upstream: server/filters/timeout.go WithTimeoutForNonLongRunningRequests); Infinity for a
   * watch or a background call. Storage calls made for it fail once it passes.
   */
  deadlineNs: Nanos;
  /**
   * Ours: when an answer already scheduled reaches the caller (the cacher's walk over its list),
   * so a deadline after it cannot pass unanswered; absent, none is scheduled.
   */
  answerDueNs?: Nanos;
}

/** Sent there by the decision, or after the cache failed it (TooLarge or ResourceExpired). */
export type EtcdListReason = "delegated" | "fallback";

export function newRequestContext(id: number, kind?: string, traced = false): RequestContext {
  const base = {
    id,
    waitedNs: 0,
    wokeBy: null,
    servedBy: null,
    etcdReason: null,
    deadlineNs: Number.POSITIVE_INFINITY,
  };
  if (kind === undefined) return traced ? { ...base, steps: [] } : base;
  return traced ? { ...base, kind, steps: [] } : { ...base, kind };
}

/** Callers build `detail` only when `ctx.steps` is defined, to stay allocation-free otherwise. */
export function recordStep(
  ctx: RequestContext,
  atNs: Nanos,
  step: StepName,
  line: CodeLine | null,
  detail: string,
): void {
  ctx.steps?.push({ atNs, step, line, detail });
}
