import { Fifo } from "./lib/fifo.ts";
import type { Lane, Scheduler } from "./scheduler.ts";
import type { Nanos } from "./time.ts";

// Calls of one kind made a delay after they are asked for, each run exactly where its own
// scheduler event would run (same instant, same sequence number, same kind and id, so the trace
// hash cannot tell), without an event of its own. The cacher's walk answers ten thousand LISTs a
// second in the heavy scenario, each after the same delay while the list keeps its length: as
// events they were two thirds of the run's events, each a closure, an event record and a push
// and pop through the scheduler's heap. Calls due in the order they are asked for wait in a
// queue, a lane the scheduler runs beside its heaps (scheduler.ts `Lane`); a call due before the
// last one queued (a shorter walk) is an ordinary event. test/core/deferred-calls.test.ts runs
// random delays both ways and compares the runs.

/** One queued call: its event's time, sequence and id, and what it is called with. */
interface Entry<A, B> {
  atNs: Nanos;
  seq: number;
  id: number;
  a: A | undefined;
  b: B | undefined;
}

const MAX_QUEUED = 10_000_000;
const MAX_SPARE = 4096;

export class DeferredCalls<A, B> implements Lane {
  headNs: Nanos = Number.POSITIVE_INFINITY;
  headSeq = Number.POSITIVE_INFINITY;
  headKind = -1;
  headId = 0;
  private readonly scheduler: Scheduler;
  private readonly kindName: string;
  /** The event kind, registered on the first call asked for (as an event of its own would be). */
  private kind = -1;
  private readonly call: (id: number, a: A, b: B) => void;
  /** Calls in (time, sequence) order; the head's fields are copied to `head…`. */
  private readonly queue = new Fifo<Entry<A, B>>(MAX_QUEUED);
  private readonly spare: Entry<A, B>[] = [];

  constructor(scheduler: Scheduler, kindName: string, call: (id: number, a: A, b: B) => void) {
    this.scheduler = scheduler;
    this.kindName = kindName;
    this.call = call;
    scheduler.addLane(this);
  }

  /** Calls `call(id, a, b)` `delayNs` from now, as `scheduler.after(delayNs, kind, id, …)` would. */
  after(delayNs: Nanos, id: number, a: A, b: B): void {
    const scheduler = this.scheduler;
    if (this.kind < 0) this.kind = scheduler.kind(this.kindName);
    const atNs = scheduler.nowNs + Math.max(0, delayNs);
    const queue = this.queue;
    const last = queue.at(queue.length - 1);
    if (last !== undefined && atNs < last.atNs) {
      // Due before a queued call: the scheduler orders it among them.
      scheduler.at(atNs, this.kind, id, () => this.call(id, a, b));
      return;
    }
    const entry = this.spare.pop() ?? { atNs, seq: 0, id, a, b };
    entry.atNs = atNs;
    entry.seq = scheduler.reserveSeq();
    entry.id = id;
    entry.a = a;
    entry.b = b;
    queue.push(entry);
    if (queue.length === 1) this.showHead(entry);
  }

  runHead(): void {
    const entry = this.queue.shift();
    if (entry === undefined) throw new Error("deferred calls: nothing was due");
    // The next head shows before this call can queue another.
    this.showHead(this.queue.peek());
    const { id, a, b } = entry;
    entry.a = undefined;
    entry.b = undefined;
    if (this.spare.length < MAX_SPARE) this.spare.push(entry);
    this.call(id, a as A, b as B);
  }

  private showHead(entry: Entry<A, B> | undefined): void {
    if (entry === undefined) {
      this.headNs = Number.POSITIVE_INFINITY;
      this.headSeq = Number.POSITIVE_INFINITY;
      return;
    }
    this.headNs = entry.atNs;
    this.headSeq = entry.seq;
    this.headKind = this.kind;
    this.headId = entry.id;
  }
}
