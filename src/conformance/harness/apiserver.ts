import { Cacher } from "../../sim/apiserver/cacher.ts";
import { CacheDelegator } from "../../sim/apiserver/delegator.ts";
import { registerWatchCacheMetrics, type WatchCacheMetrics } from "../../sim/apiserver/metrics.ts";
import { WatchCache } from "../../sim/apiserver/watch-cache.ts";
import { type Labels, MetricsRegistry } from "../../sim/metrics/registry.ts";
import { Scheduler } from "../../sim/scheduler.ts";
import type { ApiError } from "../../sim/storage/errors.ts";
import type { Storage } from "../../sim/storage/interfaces.ts";
import { newRequestContext, type RequestContext } from "../../sim/storage/request-context.ts";
import { seconds } from "../../sim/time.ts";
import { fail, type RunStop } from "../kinds/kind.ts";
import type { OpName, Step } from "../schema/ops.ts";
import { harnessConfig } from "./apiserver-config.ts";

// What harnesses C and E share (docs/conformance.md, "Harnesses"): a watch cache, a cacher and the delegator
// over some storage, on a simulated clock that runs while an awaited call is outstanding.

export interface RigInput {
  readonly featureGates: {
    readonly ListFromCacheSnapshot: boolean;
    readonly ConsistentListFromCacheSkipTimeoutFallback: boolean;
    readonly WatchList: boolean;
  };
  readonly consistentReadSupported: boolean;
  readonly eventFreshDurationNs: number;
}

/** An awaited call that has not completed after this much simulated time fails the case. */
const AWAIT_LIMIT_NS = seconds(60);

export class ApiserverRig {
  readonly scheduler = new Scheduler();
  readonly registry = new MetricsRegistry();
  readonly metrics: WatchCacheMetrics;
  readonly watchCache: WatchCache;
  readonly cacher: Cacher;
  readonly delegator: CacheDelegator;
  private nextId = 1;

  /** `makeStorage` gets the rig's scheduler, so a simulated etcd shares its clock. */
  constructor(input: RigInput, makeStorage: (scheduler: Scheduler) => Storage) {
    const storage = makeStorage(this.scheduler);
    this.metrics = registerWatchCacheMetrics(this.registry);
    const config = harnessConfig(input);
    const scheduler = this.scheduler;
    this.watchCache = new WatchCache({
      scheduler,
      config,
      metrics: this.metrics,
      storage,
      keyPrefix: "/pods/",
      indexers: [],
    });
    this.cacher = new Cacher({
      scheduler,
      config,
      metrics: this.metrics,
      watchCache: this.watchCache,
      storage,
      resourcePrefix: "/pods/",
    });
    this.delegator = new CacheDelegator({
      cacher: this.cacher,
      storage,
      watchListEnabled: input.featureGates.WatchList,
    });
  }

  context(): RequestContext {
    return newRequestContext(this.nextId++);
  }

  /** Runs what is due now (same-instant timers); time does not pass. */
  settle(): void {
    this.scheduler.runUntil(this.scheduler.nowNs);
  }

  /** Lets simulated time run until `isDone()`; false if 60 s passed first. */
  runUntil(isDone: () => boolean): boolean {
    const limitNs = this.scheduler.nowNs + AWAIT_LIMIT_NS;
    while (!isDone()) {
      if (this.scheduler.peekNs() > limitNs) {
        this.scheduler.runUntil(limitNs);
        return isDone();
      }
      this.scheduler.step();
    }
    return true;
  }

  /** Every series of apiserver_watch_cache_consistent_read_total, in the order Prometheus gathers them. */
  consistentReadSeries(): {
    group: string;
    resource: string;
    success: string;
    fallback: string;
    value: number;
  }[] {
    const family = this.registry.find("apiserver_watch_cache_consistent_read_total");
    const label = (child: { labels: Labels }, name: string) => child.labels[name] ?? "";
    return (family?.children() ?? [])
      .map((child) => ({
        group: label(child, "group"),
        resource: label(child, "resource"),
        success: label(child, "success"),
        fallback: label(child, "fallback"),
        value: "value" in child ? child.value : child.count,
      }))
      .sort((a, b) => compareText(a.fallback, b.fallback) || compareText(a.success, b.success));
  }
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One call of a case: when it started and ended, and how. */
export interface CallRecord<T> {
  readonly id: string;
  readonly startNs: number;
  endNs: number | null;
  error: ApiError | null;
  value: T | null;
}

/** Starts a call; `finish` must be called exactly once, now or later. */
export type Starter<S, T> = (
  step: S,
  ctx: RequestContext,
  finish: (err: ApiError | null, value: T | null) => void,
) => void;

/**
 * Runs typed steps in order: a step of `calls` starts a call (awaited ones run the clock until
 * they complete), any other step goes to `apply`. Returns every call by id, or a FAIL.
 */
export function runSteps<C extends OpName, T>(
  rig: ApiserverRig,
  steps: readonly Step[],
  apply: (step: Step) => void,
  calls: Partial<Record<C, Starter<Step<C>, T>>>,
): Map<string, CallRecord<T>> | RunStop {
  const records = new Map<string, CallRecord<T>>();
  for (const step of steps) {
    const start = calls[step.op as C];
    if (start === undefined) {
      apply(step);
      rig.settle();
      continue;
    }
    const call = step as Step<C> & { id: string; await: boolean };
    const record: CallRecord<T> = {
      id: call.id,
      startNs: rig.scheduler.nowNs,
      endNs: null,
      error: null,
      value: null,
    };
    records.set(call.id, record);
    start(call, rig.context(), (err, value) => {
      if (record.endNs !== null) throw new Error(`call ${call.id} finished twice`);
      record.endNs = rig.scheduler.nowNs;
      record.error = err;
      record.value = value;
    });
    rig.settle();
    if (call.await && !rig.runUntil(() => record.endNs !== null)) {
      return fail(`call ${call.id} did not complete within 60 s of simulated time`);
    }
  }
  return records;
}
