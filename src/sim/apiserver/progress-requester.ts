import type { ScheduledEvent, Scheduler } from "../scheduler.ts";
import { ms, type Nanos } from "../time.ts";

// upstream: progress/watch_progress.go ConditionalProgressRequester. While any read waits for
// freshness, ask etcd for a progress notification at once (unless one went out less than 100 ms
// ago) and then every 100 ms. A waiting read registers with add() and leaves with remove().

const PROGRESS_REQUEST_PERIOD_NS: Nanos = ms(100); // upstream: progressRequestPeriod

export class ProgressRequester {
  requestsSent = 0;
  private waitingValue = 0;
  private lastRequestNs = Number.NEGATIVE_INFINITY;
  private tick: ScheduledEvent | null = null;
  private readonly scheduler: Scheduler;
  private readonly request: () => void;
  private readonly tickKind: number;

  constructor(scheduler: Scheduler, request: () => void) {
    this.scheduler = scheduler;
    this.request = request;
    this.tickKind = scheduler.kind("progressRequester.tick");
  }

  get waiting(): number {
    return this.waitingValue;
  }

  add(): void {
    this.waitingValue++;
    if (this.tick !== null) return;
    // upstream's timer, left expired while idle, fires at once for the first waiter.
    const atNs = Math.max(this.scheduler.nowNs, this.lastRequestNs + PROGRESS_REQUEST_PERIOD_NS);
    this.tick = this.scheduler.at(atNs, this.tickKind, 0, () => this.onTick());
  }

  remove(): void {
    if (this.waitingValue <= 0) throw new Error("progress requester: remove without add");
    this.waitingValue--;
  }

  // The tick looks at the waiters once more at the same instant, after everything already due
  // then: a waiter whose 3 s timer was set before this tick leaves first, as upstream's timers
  // fire in the order they were set (the reader then finds no waiter and sends nothing).
  private onTick(): void {
    this.tick = this.scheduler.at(this.scheduler.nowNs, this.tickKind, 1, () => this.onTickDue());
  }

  // upstream: watch_progress.go ConditionalProgressRequester.Run, `pr.waiting > 0` at the tick
  private onTickDue(): void {
    this.tick = null;
    if (this.waitingValue === 0) return;
    const now = this.scheduler.nowNs;
    this.lastRequestNs = now;
    this.tick = this.scheduler.at(now + PROGRESS_REQUEST_PERIOD_NS, this.tickKind, 0, () =>
      this.onTick(),
    );
    this.requestsSent++;
    this.request();
  }
}
