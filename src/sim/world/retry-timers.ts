import { defined } from "../lib/at.ts";
import { Fifo } from "../lib/fifo.ts";
import { numberFifo } from "../lib/number-fifo.ts";
import type { Scheduler } from "../scheduler.ts";
import type { Nanos } from "../time.ts";

// The clients sleeping before a retry (read-request.ts). An overloaded run keeps tens of
// thousands asleep, each a scheduler event, a callback and a boxed time that lived long enough
// for the collector to promote them. Clients that sleep equally long wake in the order they fell
// asleep, so each distinct delay keeps its sleepers in a queue of columns and only the first of
// them has its event in the scheduler, with the sequence number taken when it fell asleep: the
// events run at the same instants, in the same order, with the same kind and id as one event
// per client would (the trace hash cannot tell), as etcd's range queue does for its completions.

/** A client that retries when its sleep ends. */
export interface Retrying {
  /** The id its retry event carries (the trace hash sees it). */
  readonly id: number;
  retry(): void;
}

const MAX_SLEEPING = 10_000_000;

/** The sleepers of one delay, in the order they wake. */
class Sleepers {
  private readonly clients = new Fifo<Retrying>(MAX_SLEEPING);
  private readonly wakeNs = numberFifo(MAX_SLEEPING);
  private readonly seqs = numberFifo(MAX_SLEEPING);
  private readonly ids = numberFifo(MAX_SLEEPING);
  private armed = false;
  private readonly scheduler: Scheduler;
  private readonly kind: number;
  private readonly onWake = () => this.wake();

  constructor(scheduler: Scheduler, kind: number) {
    this.scheduler = scheduler;
    this.kind = kind;
  }

  get length(): number {
    return this.clients.length;
  }

  add(atNs: Nanos, client: Retrying): void {
    this.clients.push(client);
    this.wakeNs.push(atNs);
    this.seqs.push(this.scheduler.reserveSeq());
    this.ids.push(client.id);
    if (!this.armed) this.arm();
  }

  private arm(): void {
    const atNs = this.wakeNs.peek();
    if (atNs === undefined) return;
    this.armed = true;
    const seq = defined(this.seqs.peek());
    this.scheduler.atReserved(atNs, seq, this.kind, defined(this.ids.peek()), this.onWake);
  }

  private wake(): void {
    const client = defined(this.clients.shift());
    this.wakeNs.shift();
    this.seqs.shift();
    this.ids.shift();
    this.armed = false;
    // The next sleeper's event keeps its own sequence: arming it before or after this retry
    // gives the same order.
    this.arm();
    client.retry();
  }
}

export class RetryTimers {
  private readonly byDelay = new Map<Nanos, Sleepers>();
  private readonly scheduler: Scheduler;
  private readonly kind: number;

  constructor(scheduler: Scheduler, kind: number) {
    this.scheduler = scheduler;
    this.kind = kind;
  }

  /** Clients asleep now. */
  get sleeping(): number {
    let n = 0;
    for (const sleepers of this.byDelay.values()) n += sleepers.length;
    return n;
  }

  /** `client.retry()` in `delayNs`, as `scheduler.after(delayNs, kind, client.id, …)` would run it. */
  after(delayNs: Nanos, client: Retrying): void {
    const delay = Math.max(0, delayNs);
    let sleepers = this.byDelay.get(delay);
    if (sleepers === undefined) {
      sleepers = new Sleepers(this.scheduler, this.kind);
      this.byDelay.set(delay, sleepers);
    }
    sleepers.add(this.scheduler.nowNs + delay, client);
  }
}
