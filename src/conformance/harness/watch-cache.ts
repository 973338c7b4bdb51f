import * as v from "valibot";
import { registerWatchCacheMetrics, type WatchCacheMetrics } from "../../sim/apiserver/metrics.ts";
import { WatchCache } from "../../sim/apiserver/watch-cache.ts";
import { MetricsRegistry } from "../../sim/metrics/registry.ts";
import { Scheduler } from "../../sim/scheduler.ts";
import type { ApiError } from "../../sim/storage/errors.ts";
import { newRequestContext, type RequestContext } from "../../sim/storage/request-context.ts";
import { fail, type RunStop } from "../kinds/kind.ts";
import { type OpName, RawStep, type Step } from "../schema/ops.ts";
import { FeatureGates, Indexer } from "../schema/shared.ts";
import { Bool, Count, Key, Text } from "../schema/values.ts";
import { harnessConfig } from "./apiserver-config.ts";
import { bareEvent, podOf } from "./history.ts";

// Harness W (docs/conformance.md): upstream's newTestWatchCache — a watch cache with no cacher, no
// etcd and no reflector, driven by direct calls on a manual clock. The current RV is the cache's
// own; progress answers queued by `progressAnswer` are handed over while a read waits.

export const HarnessWInput = v.strictObject({
  featureGates: FeatureGates,
  consistentReadSupported: Bool,
  capacity: Count,
  lowerBoundCapacity: Count,
  upperBoundCapacity: Count,
  eventFreshDurationNs: Count,
  keyPrefix: Key,
  indexers: v.array(Indexer),
  clockMode: v.picklist(["manual"]),
  steps: v.array(RawStep),
  setup: Text,
});
export type HarnessWInput = v.InferOutput<typeof HarnessWInput>;

/** The ops every harness-W kind shares; call ops are handled by the kind. */
export type CacheOp =
  | "add"
  | "update"
  | "delete"
  | "replace"
  | "updateCache"
  | "progressAnswer"
  | "clockStep";

/** A call's outcome: its error, or the value the kind extracted on success. */
export interface CallOutcome<T> {
  readonly id: string;
  readonly error: ApiError | null;
  readonly value: T | null;
}

/** Starts a call; the kind calls `finish` exactly once, at once or later. */
export type StartCall<S, T> = (
  w: HarnessW,
  step: S,
  ctx: RequestContext,
  finish: (err: ApiError | null, value: T | null) => void,
) => void;

export class HarnessW {
  readonly scheduler = new Scheduler();
  readonly registry = new MetricsRegistry();
  readonly metrics: WatchCacheMetrics;
  readonly cache: WatchCache;
  private readonly answers: number[] = [];
  private handedOver = 0;
  private readonly supported: boolean;
  private nextId = 1;

  constructor(input: HarnessWInput) {
    this.supported = input.consistentReadSupported;
    this.metrics = registerWatchCacheMetrics(this.registry);
    this.cache = new WatchCache({
      scheduler: this.scheduler,
      config: harnessConfig(input),
      metrics: this.metrics,
      storage: {
        getCurrentResourceVersion: (_ctx, done) => done(null, this.cache.resourceVersion),
        requestWatchProgress: () => this.handOver(),
      },
      keyPrefix: input.keyPrefix,
      indexers: input.indexers,
      ring: {
        capacity: input.capacity,
        lowerBoundCapacity: input.lowerBoundCapacity,
        upperBoundCapacity: input.upperBoundCapacity,
      },
    });
  }

  context(): RequestContext {
    return newRequestContext(this.nextId++);
  }

  /** Applies one of the shared ops, then runs whatever is due at the same instant. */
  apply(step: Step<CacheOp>): void {
    const cache = this.cache;
    const now = this.scheduler.nowNs;
    switch (step.op) {
      case "add":
      case "update":
      case "delete": {
        const type = step.op === "add" ? "ADDED" : step.op === "update" ? "MODIFIED" : "DELETED";
        cache.processEvent(type, podOf(step), step.rv, now);
        break;
      }
      case "replace":
        cache.replace(step.objects.map(podOf), step.rv);
        break;
      case "updateCache":
        cache.history.updateCache(bareEvent(step.key, step.rv, step.recordTimeNs));
        break;
      case "progressAnswer":
        this.answers.push(step.rv); // handed over by settle() if a read waits
        break;
      case "clockStep":
        this.scheduler.runUntil(now + step.durationNs);
        break;
    }
    this.settle();
  }

  /** Runs events due now (progress ticks, same-instant deadline checks); time does not pass. */
  settle(): void {
    const before = this.handedOver;
    this.scheduler.runUntil(this.scheduler.nowNs);
    // A read that started waiting within 100 ms of the last request sends none now; the queued
    // answer still goes "as soon as one starts to wait" (docs/conformance.md, "Harnesses"), once per instant.
    if (this.handedOver === before && this.cache.progress.waiting > 0) this.handOver();
  }

  private handOver(): void {
    if (!this.supported || this.answers.length === 0) return;
    this.handedOver++;
    this.cache.updateResourceVersion(this.answers.shift() as number);
  }
}

const CACHE_OPS: readonly CacheOp[] = [
  "add",
  "update",
  "delete",
  "replace",
  "updateCache",
  "progressAnswer",
  "clockStep",
];

/**
 * Runs `steps` (already typed) on a fresh harness: shared ops apply directly, call ops start
 * through `calls`. Returns every completed call, or a FAIL when an awaited call could not
 * complete on the manual clock or an expected call never completed.
 */
export function runHarnessW<C extends OpName, T>(
  input: HarnessWInput,
  steps: readonly Step<CacheOp | C>[],
  calls: Readonly<Record<C, StartCall<Step<C>, T>>>,
): { w: HarnessW; outcomes: CallOutcome<T>[] } | RunStop {
  const w = new HarnessW(input);
  const outcomes: CallOutcome<T>[] = [];
  for (const step of steps) {
    if ((CACHE_OPS as readonly string[]).includes(step.op)) {
      w.apply(step as Step<CacheOp>);
      continue;
    }
    const call = step as Step<C> & { id: string; await?: boolean };
    const start = calls[call.op as C];
    let done = false;
    start(w, call, w.context(), (error, value) => {
      if (done) throw new Error(`harness W: call ${call.id} finished twice`);
      done = true;
      outcomes.push({ id: call.id, error, value });
    });
    w.settle();
    if (call.await === true && !done) {
      return fail(`call ${call.id} did not complete at once on the manual clock`);
    }
  }
  return { w, outcomes };
}
