import type { ApiserverConfig } from "../../../src/sim/apiserver/config.ts";
import type { ProgressRequester } from "../../../src/sim/apiserver/progress-requester.ts";
import type { Resume, WaiterView } from "../../../src/sim/apiserver/wait-until-fresh.ts";
import type { HistogramSample } from "../../../src/sim/metrics/registry.ts";
import type { Scheduler } from "../../../src/sim/scheduler.ts";
import {
  type ApiError,
  RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS,
  tooLargeResourceVersion,
} from "../../../src/sim/storage/errors.ts";
import type { RequestContext, WokeBy } from "../../../src/sim/storage/request-context.ts";
import { NS_PER_S } from "../../../src/sim/time.ts";

// The reference for FreshnessWaiters (src/sim/apiserver/wait-until-fresh.ts), written as upstream
// reads (watch_cache.go waitUntilFreshLocked / waitUntilFreshAndBlock): every parked read has its
// own timer, and a broadcast wakes every parked read, each re-checking its target. No sorted
// queue, no arm cursor, no lazy trims, no purge: slow and plainly right. The orders the model
// fixes where upstream leaves them to goroutine scheduling are stated here once:
// - a broadcast resumes the reads it woke in their requests' arrival order (by the request
//   deadline, arrival + one constant; then by park), as the oracle's world orders the ranges
//   they send; a read it woke is no longer parked, so a broadcast made while it resumes the
//   others (nested) does not see it;
// - a read's deadline is checked when it resumes from its timer (deadline + timerLatency), after
//   every event already due then (a first timer at its park's turn, which sets a second at the
//   same instant).

interface NaiveWaiter extends WaiterView {
  readonly ctx: RequestContext;
  readonly resume: Resume;
  readonly progress: boolean;
  done: boolean;
}

export class NaiveFreshnessWaiters {
  /** Wake-up timers started; their deadlines, elapsed ones included. */
  timersStarted = 0;
  private readonly timerDeadlines: number[] = [];
  /** Parked reads, in arrival order. */
  private parked: NaiveWaiter[] = [];
  private readonly kind: number;
  private readonly scheduler: Scheduler;
  private readonly config: ApiserverConfig;
  private readonly readWait: HistogramSample;
  private readonly progress: ProgressRequester;
  private readonly currentRv: () => number;

  constructor(
    scheduler: Scheduler,
    config: ApiserverConfig,
    readWait: HistogramSample,
    progress: ProgressRequester,
    currentRv: () => number,
  ) {
    this.scheduler = scheduler;
    this.config = config;
    this.readWait = readWait;
    this.progress = progress;
    this.currentRv = currentRv;
    this.kind = scheduler.kind("naive.readDeadline");
  }

  /** Wake-up timers whose timeout has not elapsed. */
  get timersPending(): number {
    return this.timerDeadlines.filter((d) => d > this.scheduler.nowNs).length;
  }

  get count(): number {
    return this.parked.length;
  }

  waiters(max = Number.POSITIVE_INFINITY): WaiterView[] {
    return this.parked.slice(0, max).map(({ id, kind, startNs, deadlineNs, targetRv }) => ({
      id,
      kind,
      startNs,
      deadlineNs,
      targetRv,
    }));
  }

  wait(rv: number, progress: boolean, ctx: RequestContext, resume: Resume): void {
    const now = this.scheduler.nowNs;
    const v137 = this.config.version === "1.37";
    // ≤1.36 starts a timer for every read with rv > 0; 1.37 only for a read that must wait; the
    // noRvGuard what-if for every read.
    const fresh = rv === 0 || this.currentRv() >= rv;
    if (this.config.whatif.noRvGuard || (!v137 && rv > 0) || !fresh) this.startTimer(now);
    if (fresh) {
      if (!v137 && rv > 0) this.readWait.observe(0);
      resume(null);
      return;
    }
    if (progress) this.progress.add();
    const waiter: NaiveWaiter = {
      id: ctx.id,
      kind: ctx.kind,
      startNs: now,
      deadlineNs: now + this.config.blockTimeoutNs,
      targetRv: rv,
      ctx,
      resume,
      progress,
      done: false,
    };
    this.parked.push(waiter);
    // The timer fires at the deadline; the read resumes timerLatency later and checks then.
    const wakeNs = waiter.deadlineNs + this.config.timerLatencyNs;
    this.scheduler.at(wakeNs, this.kind, waiter.id, () => {
      if (waiter.done) return;
      this.scheduler.at(wakeNs, this.kind, waiter.id, () => this.deadline(waiter));
    });
  }

  broadcast(cause: WokeBy): void {
    const rv = this.currentRv();
    const woken = this.parked
      .map((w, arrival) => ({ w, arrival }))
      .filter(({ w }) => w.targetRv <= rv)
      .sort((a, b) => a.w.ctx.deadlineNs - b.w.ctx.deadlineNs || a.arrival - b.arrival)
      .map(({ w }) => w);
    this.parked = this.parked.filter((w) => !woken.includes(w));
    for (const w of woken) this.finish(w, cause, null);
  }

  private startTimer(now: number): void {
    this.timersStarted++;
    this.timerDeadlines.push(now + this.config.blockTimeoutNs);
  }

  private deadline(w: NaiveWaiter): void {
    if (w.done) return;
    this.parked = this.parked.filter((x) => x !== w);
    const current = this.currentRv();
    const err =
      current >= w.targetRv
        ? null
        : tooLargeResourceVersion(w.targetRv, current, RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS);
    this.finish(w, "timer", err);
  }

  private finish(w: NaiveWaiter, cause: WokeBy, err: ApiError | null): void {
    const waitedNs = this.scheduler.nowNs - w.startNs;
    w.done = true;
    if (w.progress) this.progress.remove();
    this.readWait.observe(waitedNs / NS_PER_S);
    w.ctx.waitedNs += waitedNs;
    w.ctx.wokeBy = cause;
    w.resume(err);
  }
}
