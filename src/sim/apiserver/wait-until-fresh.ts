import { assert } from "../lib/assert.ts";
import { at, defined } from "../lib/at.ts";
import { Fifo } from "../lib/fifo.ts";
import type { HistogramSample } from "../metrics/registry.ts";
import type { ScheduledEvent, Scheduler } from "../scheduler.ts";
import {
  type ApiError,
  RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS,
  tooLargeResourceVersion,
} from "../storage/errors.ts";
import { type RequestContext, recordStep, type WokeBy } from "../storage/request-context.ts";
import type { Nanos } from "../time.ts";
import { NS_PER_S } from "../time.ts";
import { type ApiserverConfig, waitsOnlyWhenBehind } from "./config.ts";
import type { ProgressRequester } from "./progress-requester.ts";
import { WaitTally } from "./wait-tally.ts";
import { dropFirst, WaiterQueue } from "./waiter-queue.ts";
import { WakeupTimers } from "./wakeup-timers.ts";

// Reads that wait for the cache to reach an RV (upstream: watch_cache.go waitUntilFreshLocked; ≤1.36 waitUntilFreshAndBlock). Upstream parks them on a
// condition variable that every RV change and every read's 3 s timer broadcast to. We keep them in
// target-RV order and, on an RV change, resume exactly those whose target is reached: the
// others would re-check and sleep again, so nothing observable differs. A waiter's own deadline is
// the only timer broadcast that can end its wait. Deadlines come in park order (the timeout is
// constant), so one pending event walks them: each is scheduled with the sequence number its read
// took when it parked, and runs exactly where a per-read event would have. On a real clock the
// timer fires no earlier than asked and the woken goroutine must then be scheduled and retake the
// lock, so a timed-out read resumes `timerLatencyNs` after its deadline (an RV reaching it
// meanwhile still wins) and observes 3 s + that: the `+Inf` bucket, as a production scrape shows.

export type Resume = (err: ApiError | null) => void;

/** Second checks pending at one instant: at most every parked read's (a runaway beyond). */
const MAX_CHECKS = 10_000_000;

/** A parked read as the UI shows it. */
export interface WaiterView {
  readonly id: number;
  readonly kind: string | undefined;
  readonly startNs: Nanos;
  /** start + blockTimeout: when its timer fires (it resumes `timerLatencyNs` later). */
  readonly deadlineNs: Nanos;
  readonly targetRv: number;
}

/**
 * A parked read. Its id and kind are its request's, its deadline is its start + the constant
 * timeout: read from those, not stored (an object per parked read, thousands a second).
 */
interface Waiter {
  readonly startNs: Nanos;
  readonly targetRv: number;
  /** Reserved from the scheduler at park: orders the queue's ties and the deadline event. */
  readonly seq: number;
  readonly ctx: RequestContext;
  readonly resume: Resume;
  readonly progress: boolean;
  done: boolean;
  /** The deadline's second check, pending at the deadline instant; cancelled if the wait ends. */
  deadline: ScheduledEvent | null;
}

const byArrival = (a: Waiter, b: Waiter): number =>
  a.ctx.deadlineNs === b.ctx.deadlineNs
    ? a.seq - b.seq
    : a.ctx.deadlineNs < b.ctx.deadlineNs
      ? -1
      : 1;

export class FreshnessWaiters {
  readonly timers: WakeupTimers;
  /** Every wait the histogram observes, counted exactly by its length. */
  readonly tally = new WaitTally();
  private readonly queue = new WaiterQueue<Waiter>();
  private live = 0;
  /** Parked waiters in arrival order (finished ones skipped lazily), for the UI's oldest-first list. */
  private readonly arrivals: Waiter[] = [];
  private arrivalsHead = 0;
  /** The waiter whose deadline event is pending; `arrivals` before `armCursor` were armed or done. */
  private armed: Waiter | null = null;
  private armCursor = 0;
  /** Finished waiters still queued (timed out below their target); purged in bulk. */
  private stale = 0;
  private readonly readyBuffer: Waiter[] = [];
  /**
   * Waiters whose deadline's second check is pending, in the order those events run (each is
   * scheduled now, so later ones run later): one shared callback takes the next, without a
   * function and a context per timed-out read (the largest scenario times out 22 000 a second).
   */
  private readonly checks = new Fifo<Waiter>(MAX_CHECKS);
  private broadcasting = false;
  private readonly deadlineKind: number;
  private readonly scheduler: Scheduler;
  private readonly config: ApiserverConfig;
  /** The version's wait function, decided once: every read asks. */
  private readonly headOnly: boolean;
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
    this.headOnly = waitsOnlyWhenBehind(config.version);
    this.readWait = readWait;
    this.progress = progress;
    this.currentRv = currentRv;
    this.timers = new WakeupTimers(scheduler);
    this.deadlineKind = scheduler.kind("watchCache.readDeadline");
  }

  get count(): number {
    return this.live;
  }

  /** The `max` oldest parked reads, as plain copies safe to post to another thread. */
  waiters(max = Number.POSITIVE_INFINITY): WaiterView[] {
    this.trimArrivals();
    const out: WaiterView[] = [];
    for (let i = this.arrivalsHead; i < this.arrivals.length && out.length < max; i++) {
      const w = at(this.arrivals, i);
      if (w.done) continue;
      const { ctx, startNs, targetRv } = w;
      out.push({ id: ctx.id, kind: ctx.kind, startNs, deadlineNs: this.deadlineOf(w), targetRv });
    }
    return out;
  }

  /** Calls `resume` synchronously when no wait is needed, else when fresh or timed out. */
  // upstream: watch_cache.go waitUntilFreshLocked (1.37) / waitUntilFreshAndBlock (≤1.36)
  wait(rv: number, consistentReadSupported: boolean, ctx: RequestContext, resume: Resume): void {
    const now = this.scheduler.nowNs;
    const fresh = rv === 0 || this.currentRv() >= rv;
    const headOnly = this.headOnly;
    // ≤1.36 started the timer goroutine for every rv > 0; the what-if drops that guard too.
    const timerForEveryCall = this.config.whatif.noRvGuard || (!headOnly && rv > 0);
    if (timerForEveryCall) this.timers.start(now + this.config.blockTimeoutNs);
    if (fresh) {
      if (!headOnly && rv > 0) {
        this.readWait.observe(0);
        this.tally.record(0, false);
      }
      if (ctx.steps !== undefined) {
        const why = rv === 0 ? "RV 0" : `cache at RV ${this.currentRv()} ≥ ${rv}`;
        recordStep(ctx, now, "fresh", "wait.fastPath", `${why}: no wait`);
      }
      resume(null);
      return;
    }
    if (!timerForEveryCall) this.timers.start(now + this.config.blockTimeoutNs);
    this.park(rv, consistentReadSupported, ctx, resume, now);
  }

  /** The cache RV changed: resume every waiter whose target it reached. */
  broadcast(cause: WokeBy): void {
    const rv = this.currentRv();
    const first = this.queue.peek();
    if (first === undefined || (!first.done && first.targetRv > rv)) return;
    // Every RV change broadcasts; the buffer is reused unless a resumed read broadcasts again.
    const outer = !this.broadcasting;
    const ready = outer ? this.readyBuffer : [];
    this.broadcasting = true;
    for (let top = this.queue.peek(); top !== undefined && (top.done || top.targetRv <= rv); ) {
      this.queue.pop();
      if (top.done) this.stale--;
      else ready.push(top);
      top = this.queue.peek();
    }
    // Readers woken together resume in their requests' arrival order (the request deadline is
    // the arrival plus one constant; background reads, with none, last), so the ranges they send
    // join etcd's queue in that order, as the oracle's world pins it (upstream leaves it to the Go
    // scheduler: cond.Broadcast in watch_cache.go waitUntilFreshAndBlock)
    if (ready.length > 1) ready.sort(byArrival);
    for (const w of ready) this.finish(w, cause, null);
    if (outer) {
      this.broadcasting = false;
      ready.length = 0;
    }
  }

  private park(
    rv: number,
    progress: boolean,
    ctx: RequestContext,
    resume: Resume,
    now: Nanos,
  ): void {
    if (progress) this.progress.add();
    const seq = this.scheduler.reserveSeq();
    const waiter: Waiter = {
      startNs: now,
      targetRv: rv,
      seq,
      ctx,
      resume,
      progress,
      done: false,
      deadline: null,
    };
    this.queue.push(waiter);
    this.live++;
    this.trimArrivals();
    this.arrivals.push(waiter);
    if (ctx.steps !== undefined) {
      const detail = `waiting for RV ${rv}; cache at ${this.currentRv()}`;
      recordStep(ctx, now, "parked", "wait.sleep", detail);
    }
    if (this.armed === null) this.armNext();
  }

  /** Schedules the deadline of the oldest parked waiter not yet armed, at its park sequence. */
  private armNext(): void {
    while (this.armCursor < this.arrivals.length) {
      const w = defined(this.arrivals[this.armCursor++]);
      if (w.done) continue;
      this.armed = w;
      const wakeNs = this.deadlineOf(w) + this.config.timerLatencyNs;
      this.scheduler.atReserved(wakeNs, w.seq, this.deadlineKind, w.ctx.id, this.onDeadlineDue);
      return;
    }
  }

  // The deadline check runs once more at the same instant, after everything already due then,
  // so an RV that arrives exactly when the waiter resumes wins (upstream checks freshness first).
  // A waiter that finished early leaves this event to pass without effect.
  private readonly onDeadlineDue = (): void => {
    const w = this.armed;
    assert(w !== null, "wait until fresh: a deadline check runs for the armed waiter");
    this.armed = null;
    if (!w.done) {
      w.deadline = this.scheduler.at(
        this.scheduler.nowNs,
        this.deadlineKind,
        w.ctx.id,
        this.onSecondCheck,
      );
      this.checks.push(w);
    }
    this.armNext();
  };

  // A check whose wait ended first was cancelled and never runs: its waiter is done, skipped.
  private readonly onSecondCheck = (): void => {
    let w = this.checks.shift();
    while (w?.done === true) w = this.checks.shift();
    if (w === undefined) throw new Error("freshness waiters: a deadline check without a waiter");
    w.deadline = null;
    this.onDeadline(w);
  };

  /** When `w`'s timer fires (it resumes `timerLatencyNs` later). */
  private deadlineOf(w: Waiter): Nanos {
    return w.startNs + this.config.blockTimeoutNs;
  }

  /** Every wait ends within its 3 s, so finished ones never pile up behind a live one for long. */
  private trimArrivals(): void {
    while (this.arrivals[this.arrivalsHead]?.done === true) this.arrivalsHead++;
    // Waiters before the head are done: none needs arming.
    if (this.armCursor < this.arrivalsHead) this.armCursor = this.arrivalsHead;
    if (this.arrivalsHead > 1024 && this.arrivalsHead * 2 > this.arrivals.length) {
      dropFirst(this.arrivals, this.arrivalsHead);
      this.armCursor -= this.arrivalsHead;
      this.arrivalsHead = 0;
    }
    assert(
      this.arrivalsHead <= this.armCursor && this.armCursor <= this.arrivals.length,
      "freshness waiters: arrivalsHead ≤ armCursor ≤ arrivals.length",
    );
  }

  private onDeadline(w: Waiter): void {
    if (w.done) return;
    // Whatever happens now, `w` stays queued until popped or purged.
    this.stale++;
    const current = this.currentRv();
    const err =
      current >= w.targetRv
        ? null
        : tooLargeResourceVersion(w.targetRv, current, RESOURCE_VERSION_TOO_HIGH_RETRY_SECONDS);
    this.finish(w, "timer", err);
    if (this.stale > 64 && this.stale * 2 > this.queue.size) {
      this.queue.retain((x) => !x.done);
      this.stale = 0;
    }
  }

  private finish(w: Waiter, cause: WokeBy, err: ApiError | null): void {
    const now = this.scheduler.nowNs;
    w.done = true;
    this.live--;
    if (w.deadline !== null) this.scheduler.cancel(w.deadline);
    if (w.progress) this.progress.remove();
    const waitedNs = now - w.startNs;
    this.readWait.observe(waitedNs / NS_PER_S);
    this.tally.record(waitedNs, cause === "timer");
    w.ctx.waitedNs += waitedNs;
    w.ctx.wokeBy = cause;
    if (w.ctx.steps !== undefined) {
      // A timeout is a wake-up too: the timer's broadcast, then the deadline check returns the error.
      const what = err === null ? `fresh at RV ${this.currentRv()}` : err.message;
      recordStep(
        w.ctx,
        now,
        "woken",
        err === null ? "wait.fresh" : "wait.deadline",
        `${cause}: ${what}`,
      );
    }
    w.resume(err);
  }
}
