import { defined } from "../lib/at.ts";
import { Fifo } from "../lib/fifo.ts";
import { numberFifo } from "../lib/number-fifo.ts";
import type { ScheduledEvent, Scheduler } from "../scheduler.ts";
import type { Nanos } from "../time.ts";

// The deadlines of the client requests still unanswered (upstream: server/filters/timeout.go
// WithTimeoutForNonLongRunningRequests gives each non-watch request `requestTimeout` from its
// arrival). Every request of a run has the same timeout, so deadlines come in the order requests
// were sent: one queue, and one scheduler event at the first deadline whose request is still
// waiting. Most requests are answered long before theirs; they are skipped when they come up,
// so a run whose requests all end in time schedules about one event per timeout period. Their
// entries are dropped whenever the queue has doubled since it was last swept: with a 30-minute
// timeout the "Large cluster" kept 8 million answered entries (100 MB a parked run) at 600 s,
// and would have passed MAX_WAITING at about 1 000 s.

/** A request that may outlive its deadline. */
export interface Deadlined {
  /** The id its deadline event carries (the trace hash sees it). */
  readonly id: number;
  /** True while the attempt that set `deadlineNs` waits for its answer. */
  readonly awaiting: boolean;
  readonly deadlineNs: Nanos;
  /** The deadline passed unanswered: the client gets its 504 now. */
  deadlinePassed(): void;
}

const MAX_WAITING = 10_000_000;
/** The queue is first swept at this length, then each time it doubles from what a sweep kept. */
const FIRST_SWEEP = 4096;

export class RequestDeadlines {
  private readonly requests = new Fifo<Deadlined>(MAX_WAITING);
  private readonly deadlinesNs = numberFifo(MAX_WAITING);
  private armed: ScheduledEvent | null = null;
  private sweepAt = FIRST_SWEEP;
  private readonly scheduler: Scheduler;
  private readonly kind: number;
  private readonly onDeadline = () => this.expire();

  constructor(scheduler: Scheduler) {
    this.scheduler = scheduler;
    this.kind = scheduler.kind("client.deadline");
  }

  /** Slots of the two rings, held or not (the worker's run-size estimate weighs them). */
  get slots(): number {
    return this.requests.capacity;
  }

  /** Watches `request`'s current attempt until its deadline. */
  watch(request: Deadlined): void {
    const last = this.deadlinesNs.at(this.deadlinesNs.length - 1);
    if (last !== undefined && request.deadlineNs < last) {
      throw new Error("request deadlines: a deadline earlier than one already watched");
    }
    this.requests.push(request);
    this.deadlinesNs.push(request.deadlineNs);
    if (this.requests.length >= this.sweepAt) this.sweep();
    if (this.armed === null) this.arm();
  }

  /**
   * Drops the entries whose attempt no longer waits: `arm` would skip each when it came up. The
   * armed entry stays at the head, where its event's `expire` takes it from.
   */
  private sweep(): void {
    const requests: Deadlined[] = [];
    const deadlinesNs: Nanos[] = [];
    for (let i = 0; i < this.requests.length; i++) {
      const request = defined(this.requests.at(i));
      const deadlineNs = defined(this.deadlinesNs.at(i));
      const armed = i === 0 && this.armed !== null;
      if (armed || (request.awaiting && request.deadlineNs === deadlineNs)) {
        requests.push(request);
        deadlinesNs.push(deadlineNs);
      }
    }
    this.requests.clear();
    this.deadlinesNs.clear();
    for (let i = 0; i < requests.length; i++) {
      this.requests.push(defined(requests[i]));
      this.deadlinesNs.push(defined(deadlinesNs[i]));
    }
    this.sweepAt = Math.max(FIRST_SWEEP, 2 * requests.length);
  }

  private arm(): void {
    for (let head = this.requests.peek(); head !== undefined; head = this.requests.peek()) {
      const deadlineNs = defined(this.deadlinesNs.peek());
      if (head.awaiting && head.deadlineNs === deadlineNs) {
        this.armed = this.scheduler.at(deadlineNs, this.kind, head.id, this.onDeadline);
        return;
      }
      this.requests.shift();
      this.deadlinesNs.shift();
    }
  }

  private expire(): void {
    this.armed = null;
    const head = defined(this.requests.shift());
    const deadlineNs = defined(this.deadlinesNs.shift());
    if (head.awaiting && head.deadlineNs === deadlineNs) head.deadlinePassed();
    this.arm();
  }
}
