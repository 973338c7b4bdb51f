import type { ApiserverConfig } from "../../../src/sim/apiserver/config.ts";
import { DEFAULT_EVENT_FRESH_DURATION_NS } from "../../../src/sim/apiserver/config.ts";
import { ProgressRequester } from "../../../src/sim/apiserver/progress-requester.ts";
import {
  FreshnessWaiters,
  type Resume,
  type WaiterView,
} from "../../../src/sim/apiserver/wait-until-fresh.ts";
import { HistogramSample } from "../../../src/sim/metrics/registry.ts";
import { resolveGates } from "../../../src/sim/scenario/gates.ts";
import type { K8sVersion } from "../../../src/sim/scenario/k8s-version.ts";
import { Scheduler } from "../../../src/sim/scheduler.ts";
import type { RequestContext, WokeBy } from "../../../src/sim/storage/request-context.ts";
import { NS_PER_MS } from "../../../src/sim/time.ts";
import { NaiveFreshnessWaiters } from "./naive-freshness-waiters.ts";

// Drives FreshnessWaiters or its naive reference with a list of operations and logs everything
// either was seen to do (resumes with their errors and contexts, histogram observations, progress
// requests, parked lists, timer counts), so that two runs compare as two lists of lines.

const REQUEST_TIMEOUT_NS = 60_000 * NS_PER_MS;

/** What a resumed read does at once: moves the RV, broadcasts (nested), parks another read. */
export interface Nested {
  readonly bump: number;
  readonly broadcast: boolean;
  readonly cause: WokeBy;
  readonly rewait: number | null;
}

export type WaiterOp =
  | {
      readonly t: "wait";
      readonly ahead: number;
      readonly progress: boolean;
      readonly nested: Nested | null;
    }
  | { readonly t: "bump"; readonly by: number; readonly broadcast: boolean; readonly cause: WokeBy }
  | { readonly t: "broadcast"; readonly cause: WokeBy }
  | { readonly t: "advance"; readonly ms: number }
  /**
   * An RV change `ms` from now, as the watch stream delivers it: after `hops` more events at that
   * same instant (each scheduling the next), so it can land on either side of a deadline check.
   */
  | {
      readonly t: "later";
      /** "timeout": the reads parked now resume from their timers at that instant. */
      readonly ms: number | "timeout";
      readonly hops: number;
      readonly by: number;
    }
  | { readonly t: "herd"; readonly n: number; readonly ahead: number };

export interface WaiterSetup {
  readonly version: K8sVersion;
  readonly noRvGuard: boolean;
  readonly timeoutMs: number;
  /** A timed-out read resumes this long after its deadline (0 when not given). */
  readonly timerLatencyMs?: number;
  readonly startRv: number;
}

interface Waiters {
  wait(rv: number, progress: boolean, ctx: RequestContext, resume: Resume): void;
  broadcast(cause: WokeBy): void;
  readonly count: number;
  waiters(max?: number): WaiterView[];
  readonly timersStarted: number;
  readonly timersPending: number;
}

export type Make = (
  scheduler: Scheduler,
  config: ApiserverConfig,
  readWait: HistogramSample,
  progress: ProgressRequester,
  currentRv: () => number,
) => Waiters;

export const fast: Make = (...args) => {
  const w = new FreshnessWaiters(...args);
  return {
    wait: (rv, progress, ctx, resume) => w.wait(rv, progress, ctx, resume),
    broadcast: (cause) => w.broadcast(cause),
    get count() {
      return w.count;
    },
    waiters: (max) => w.waiters(max),
    get timersStarted() {
      return w.timers.started;
    },
    get timersPending() {
      return w.timers.pending;
    },
  };
};
export const naive: Make = (...args) => new NaiveFreshnessWaiters(...args);

class RecordingHistogram extends HistogramSample {
  private readonly record: (value: number) => void;
  constructor(record: (value: number) => void) {
    super({}, [0.1, 1, 3]);
    this.record = record;
  }
  override observe(value: number): void {
    this.record(value);
    super.observe(value);
  }
}

/** Runs `ops` against one implementation; returns everything it was seen to do, in order. */
export function runWaiters(make: Make, setup: WaiterSetup, ops: readonly WaiterOp[]): string[] {
  const log: string[] = [];
  const scheduler = new Scheduler();
  const at = () => `${scheduler.nowNs}`;
  let rv = setup.startRv;
  const config: ApiserverConfig = {
    version: setup.version,
    gates: resolveGates(setup.version, []),
    blockTimeoutNs: setup.timeoutMs * NS_PER_MS,
    timerLatencyNs: Math.round((setup.timerLatencyMs ?? 0) * NS_PER_MS),
    eventFreshDurationNs: DEFAULT_EVENT_FRESH_DURATION_NS,
    whatif: { noRvGuard: setup.noRvGuard, noHysteresis: false },
    consistentReadSupported: true,
  };
  const readWait = new RecordingHistogram((v) => log.push(`${at()} observe ${v}`));
  const progress = new ProgressRequester(scheduler, () => log.push(`${at()} progress request`));
  const w = make(scheduler, config, readWait, progress, () => rv);
  let nextId = 1;
  const targetOf = (ahead: number) => (ahead <= -3 ? 0 : Math.max(1, rv + ahead));
  const wait = (ahead: number, withProgress: boolean, nested: Nested | null) => {
    const ctx: RequestContext = {
      id: nextId++,
      kind: "consistent",
      waitedNs: 0,
      wokeBy: null,
      servedBy: null,
      etcdReason: null,
      // A client request's deadline: its arrival plus one timeout (the wake-up order's key).
      deadlineNs: scheduler.nowNs + REQUEST_TIMEOUT_NS,
    };
    const target = targetOf(ahead);
    log.push(`${at()} wait ${ctx.id} for ${target} at ${rv}`);
    w.wait(target, withProgress, ctx, (err) => {
      const outcome = err === null ? "ok" : JSON.stringify(err);
      log.push(`${at()} resume ${ctx.id}: ${outcome}, waited ${ctx.waitedNs} by ${ctx.wokeBy}`);
      if (nested === null) return;
      rv += nested.bump;
      if (nested.broadcast) w.broadcast(nested.cause);
      if (nested.rewait !== null) wait(nested.rewait, withProgress, null);
    });
  };
  const state = () =>
    log.push(
      `${at()} rv ${rv} parked ${w.count} timers ${w.timersStarted}/${w.timersPending} ` +
        `progress ${progress.waiting}/${progress.requestsSent} ${JSON.stringify(w.waiters(3))}`,
    );
  const streamKind = scheduler.kind("test.stream");
  const later =
    (by: number, hops: number): (() => void) =>
    () => {
      if (hops > 0) {
        scheduler.after(0, streamKind, hops, later(by, hops - 1));
        return;
      }
      rv += by;
      log.push(`${at()} stream: rv ${rv}`);
      w.broadcast("event");
    };
  for (const op of ops) {
    switch (op.t) {
      case "wait":
        wait(op.ahead, op.progress, op.nested);
        break;
      case "herd":
        for (let i = 0; i < op.n; i++) wait(op.ahead, i % 2 === 0, null);
        break;
      case "bump":
        rv += op.by;
        if (op.broadcast) w.broadcast(op.cause);
        break;
      case "broadcast":
        w.broadcast(op.cause);
        break;
      case "later": {
        const wakeNs = config.blockTimeoutNs + config.timerLatencyNs;
        const delayNs = op.ms === "timeout" ? wakeNs : op.ms * NS_PER_MS;
        scheduler.after(delayNs, streamKind, op.hops, later(op.by, op.hops));
        break;
      }
      case "advance":
        scheduler.runUntil(scheduler.nowNs + op.ms * NS_PER_MS);
        break;
    }
    state();
  }
  scheduler.runUntil(scheduler.nowNs + config.blockTimeoutNs + 1000 * NS_PER_MS);
  state();
  return log;
}
