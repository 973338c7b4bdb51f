import type { ReadKind } from "./read-kind.ts";
import type { RequestStep } from "./storage/request-context.ts";
import { type Nanos, NS_PER_S } from "./time.ts";

// Which client requests carry a trace, and the traces kept for the page. A request is traced when
// it starts, if the budget allows: at most TRACES_PER_S new traces per simulated second (with a
// burst of MAX_LIVE_TRACES, so a herd's first clients are all traced) and at most MAX_LIVE_TRACES
// in flight. At low load every read that reaches the model is traced, parked ones included; at
// 10 000 reads/s only a steady sample is. The budget reads only simulated time, so a replay traces
// the same requests, and tracing only appends steps, so no metric changes with it.

const MAX_LIVE_TRACES = 256;
/** Finished traces kept, newest replacing oldest. */
const KEPT_TRACES = 128;
const TRACES_PER_S = 100;

/** A traced request as the page draws it: every attempt's steps, in the order they happened. */
export interface RequestTraceView {
  id: number;
  kind: ReadKind;
  /** Still in flight: its last step is where it is now. */
  live: boolean;
  steps: RequestStep[];
}

interface Trace {
  readonly id: number;
  readonly kind: ReadKind;
  readonly steps: RequestStep[];
  live: boolean;
}

export class RequestTraces {
  /** Tests switch tracing off to show that it changes no metric. */
  enabled = true;
  private readonly live = new Map<number, Trace>();
  private readonly kept: Trace[] = [];
  private nextKept = 0;
  /** The request the page follows, and its trace once ended (kept outside the ring, see follow). */
  private followedId: number | undefined;
  private followed: Trace | undefined;
  private tokens = MAX_LIVE_TRACES;
  private refilledNs: Nanos = 0;

  /** The steps array a new request records into, or undefined when it goes untraced. */
  begin(id: number, kind: ReadKind, nowNs: Nanos): RequestStep[] | undefined {
    if (!this.enabled || this.live.size >= MAX_LIVE_TRACES) return undefined;
    const refill = ((nowNs - this.refilledNs) * TRACES_PER_S) / NS_PER_S;
    this.tokens = Math.min(MAX_LIVE_TRACES, this.tokens + refill);
    this.refilledNs = nowNs;
    if (this.tokens < 1) return undefined;
    this.tokens--;
    const trace: Trace = { id, kind, steps: [], live: true };
    this.live.set(id, trace);
    return trace.steps;
  }

  /** The request `id` ended after its last attempt. */
  end(id: number): void {
    const trace = this.live.get(id);
    if (trace === undefined) return;
    this.live.delete(id);
    trace.live = false;
    this.kept[this.nextKept] = trace;
    this.nextKept = (this.nextKept + 1) % KEPT_TRACES;
    if (id === this.followedId) this.followed = trace;
  }

  /**
   * The page follows request `id`: its trace is kept when it ends, however many end after it.
   * When a stall ends, hundreds of parked reads finish at once and the ring of 128 alone dropped
   * the followed one, so the page kept showing it parked.
   */
  follow(id: number): void {
    if (id === this.followedId) return;
    this.followedId = id;
    this.followed = this.kept.find((t) => t.id === id);
  }

  /** The requests with a trace now (in flight, kept or followed), ascending: at most 385 ids. */
  ids(): number[] {
    const ids = new Set([...this.live.keys(), ...this.kept.map((t) => t.id)]);
    if (this.followed !== undefined) ids.add(this.followed.id);
    return [...ids].sort((a, b) => a - b);
  }

  /** A copy of request `id`'s trace, safe to post to another thread; undefined if none is kept. */
  view(id: number): RequestTraceView | undefined {
    const followed = this.followed?.id === id ? this.followed : undefined;
    const trace = this.live.get(id) ?? followed ?? this.kept.find((t) => t.id === id);
    if (trace === undefined) return undefined;
    const steps = trace.steps.map((step) => ({ ...step }));
    return { id: trace.id, kind: trace.kind, live: trace.live, steps };
  }
}
