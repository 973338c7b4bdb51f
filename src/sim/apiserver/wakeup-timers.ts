import type { Scheduler } from "../scheduler.ts";
import type { Nanos } from "../time.ts";
import { MinHeap } from "./min-heap.ts";

// The wake-up goroutines upstream starts per waiting read: each sleeps its full 3 s even after its
// read returned. We only count them (started, still sleeping); the one that can wake a parked read
// is scheduled by the waiter itself.

export class WakeupTimers {
  started = 0;
  private readonly deadlines = new MinHeap<Nanos>((a, b) => a < b);
  private readonly scheduler: Scheduler;

  constructor(scheduler: Scheduler) {
    this.scheduler = scheduler;
  }

  start(deadlineNs: Nanos): void {
    this.started++;
    this.dropElapsed();
    this.deadlines.push(deadlineNs);
  }

  /** Timers whose 3 s have not elapsed yet. */
  get pending(): number {
    this.dropElapsed();
    return this.deadlines.size;
  }

  private dropElapsed(): void {
    const now = this.scheduler.nowNs;
    while ((this.deadlines.peek() ?? Number.POSITIVE_INFINITY) <= now) this.deadlines.pop();
  }
}
