import { defined } from "../lib/at.ts";
import type { Scheduler } from "../scheduler.ts";
import type { Nanos } from "../time.ts";

// The wake-up goroutines upstream starts per waiting read: each sleeps its full 3 s even after its
// read returned. We only count them (started, still sleeping); the one that can wake a parked read
// is scheduled by the waiters. Every timer sleeps the same constant timeout from a clock that only
// moves forward, so deadlines end in the order they start: a ring of deadlines, oldest first.

export class WakeupTimers {
  started = 0;
  private deadlines = new Float64Array(1024);
  private head = 0;
  private count = 0;
  private readonly scheduler: Scheduler;

  constructor(scheduler: Scheduler) {
    this.scheduler = scheduler;
  }

  start(deadlineNs: Nanos): void {
    this.started++;
    this.dropElapsed();
    const ring = this.deadlines;
    const last = this.count === 0 ? -1 : defined(ring[(this.head + this.count - 1) % ring.length]);
    if (deadlineNs < last) throw new Error("wake-up timers: a deadline before an earlier one");
    if (this.count === ring.length) this.grow();
    this.deadlines[(this.head + this.count) % this.deadlines.length] = deadlineNs;
    this.count++;
  }

  /** Timers whose 3 s have not elapsed yet. */
  get pending(): number {
    this.dropElapsed();
    return this.count;
  }

  private dropElapsed(): void {
    const now = this.scheduler.nowNs;
    const ring = this.deadlines;
    while (this.count > 0 && defined(ring[this.head]) <= now) {
      this.head = (this.head + 1) % ring.length;
      this.count--;
    }
  }

  private grow(): void {
    const old = this.deadlines;
    const next = new Float64Array(old.length * 2);
    for (let i = 0; i < this.count; i++) next[i] = defined(old[(this.head + i) % old.length]);
    this.deadlines = next;
    this.head = 0;
  }
}
