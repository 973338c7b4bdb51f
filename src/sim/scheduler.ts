import { assert } from "./lib/assert.ts";
import { MinHeap } from "./lib/min-heap.ts";
import type { Nanos } from "./time.ts";
import { hex32, WordHash } from "./word-hash.ts";

// A discrete-event scheduler: a binary heap (`lib/min-heap.ts`) keyed by (time, insertion sequence), so events at the
// same instant run in the order they were scheduled. Every executed event feeds a running hash of
// (time, kind, id): two runs of one scenario must produce the same hash, in Node and in Chromium.

export interface ScheduledEvent {
  readonly atNs: Nanos;
  readonly seq: number;
  readonly kind: number;
  readonly id: number;
  readonly run: () => void;
  cancelled: boolean;
}

export class Scheduler {
  nowNs: Nanos = 0;
  executed = 0;
  private readonly heap = new MinHeap<ScheduledEvent>();
  private nextSeq = 0;
  private readonly hash = new WordHash(0x811c9dc5, 0x01000193);
  private readonly kindNames: string[] = [];

  /** Registers a kind of event by name; the returned code is what the trace hash sees. */
  kind(name: string): number {
    const existing = this.kindNames.indexOf(name);
    if (existing >= 0) return existing;
    this.kindNames.push(name);
    return this.kindNames.length - 1;
  }

  kindName(code: number): string {
    const name = this.kindNames[code];
    if (name === undefined) throw new Error(`scheduler: unknown event kind ${code}`);
    return name;
  }

  get pending(): number {
    return this.heap.size;
  }

  at(atNs: Nanos, kind: number, id: number, run: () => void): ScheduledEvent {
    if (!(atNs >= this.nowNs)) {
      throw new Error(`scheduler: event at ${atNs} ns is before now (${this.nowNs} ns)`);
    }
    const event: ScheduledEvent = { atNs, seq: this.nextSeq++, kind, id, run, cancelled: false };
    this.heap.push(event, atNs, event.seq);
    return event;
  }

  /**
   * Takes the sequence number an event scheduled now would get, for `atReserved` to use later: an
   * owner that keeps one pending event for many deadlines schedules each in its original order.
   */
  reserveSeq(): number {
    return this.nextSeq++;
  }

  /** Schedules an event with a sequence taken earlier by `reserveSeq`. */
  atReserved(atNs: Nanos, seq: number, kind: number, id: number, run: () => void): ScheduledEvent {
    if (!(atNs >= this.nowNs) || !(seq < this.nextSeq)) {
      throw new Error(
        `scheduler: reserved event at ${atNs} ns (seq ${seq}) is before now or unreserved`,
      );
    }
    const event: ScheduledEvent = { atNs, seq, kind, id, run, cancelled: false };
    this.heap.push(event, atNs, seq);
    return event;
  }

  after(delayNs: Nanos, kind: number, id: number, run: () => void): ScheduledEvent {
    return this.at(this.nowNs + Math.max(0, delayNs), kind, id, run);
  }

  cancel(event: ScheduledEvent): void {
    event.cancelled = true;
  }

  /** Time of the next live event, or Infinity when none is pending. */
  peekNs(): Nanos {
    // Called after every event by the run's driver: one load of the top per live event.
    for (let top = this.heap.peek(); top !== undefined; top = this.heap.peek()) {
      if (!top.cancelled) return top.atNs;
      this.heap.pop();
    }
    return Number.POSITIVE_INFINITY;
  }

  /** Runs every event due at or before `untilNs`, then sets the clock to `untilNs`. */
  runUntil(untilNs: Nanos): void {
    while (this.peekNs() <= untilNs) this.step();
    if (untilNs > this.nowNs) this.nowNs = untilNs;
  }

  /** Runs the next live event; returns false when nothing is pending. */
  step(): boolean {
    this.dropCancelledTop();
    const event = this.heap.pop();
    if (event === undefined) return false;
    // Every event is scheduled at or after now, and the heap pops in time order.
    assert(event.atNs >= this.nowNs, "scheduler: time never runs backwards");
    this.nowNs = event.atNs;
    this.executed++;
    this.mix(event.atNs, event.kind, event.id);
    event.run();
    return true;
  }

  /** 64-bit FNV-style digest of every executed event, as 16 hex digits. */
  traceHash(): string {
    return hex32(this.hash.hi) + hex32(this.hash.lo);
  }

  // Word by word (`WordHash.event`): it runs for every event, and a word array per event was
  // measurable garbage.
  private mix(atNs: Nanos, kind: number, id: number): void {
    this.hash.event(atNs, kind, id);
  }

  private dropCancelledTop(): void {
    while (this.heap.peek()?.cancelled === true) this.heap.pop();
  }
}
