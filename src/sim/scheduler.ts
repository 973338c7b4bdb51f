import { assert } from "./lib/assert.ts";
import { MinHeap } from "./lib/min-heap.ts";
import type { Nanos } from "./time.ts";
import { hex32, WordHash } from "./word-hash.ts";

// A discrete-event scheduler: binary heaps (`lib/min-heap.ts`) keyed by (time, insertion sequence), so events at the
// same instant run in the order they were scheduled. Every executed event feeds a running hash of
// (time, kind, id): two runs of one scenario must produce the same hash, in Node and in Chromium.
//
// Two heaps, by how far ahead an event was scheduled: the next event is the earlier of their two
// tops by the same (time, sequence) order, so the order is one heap's. Most of a busy run's
// pending events are timers minutes ahead (the watchers' reconnects: 100 of (b)'s 108) while
// nearly every event that runs was scheduled milliseconds ahead (etcd's completions, the watch
// stream's intake); apart, those sift through a heap of a few events, not of a hundred.
//
// Lanes: an owner whose events come due in the order it schedules them (the cacher's walks,
// deferred-calls.ts) keeps them in a queue of its own and shows the scheduler its head; the head
// runs when it is first by the same order, hashed as an event, without passing through a heap.

export interface ScheduledEvent {
  readonly atNs: Nanos;
  readonly seq: number;
  readonly kind: number;
  readonly id: number;
  readonly run: () => void;
  cancelled: boolean;
}

type Pending = { -readonly [K in keyof ScheduledEvent]: ScheduledEvent[K] };

/**
 * Events one owner keeps in a queue of its own, due in (time, sequence) order (deferred-calls.ts):
 * the scheduler runs its head where the heaps would run it as an event, without the heaps.
 */
export interface Lane {
  /** The head's time, sequence (from `reserveSeq`), kind and id; Infinity when empty. */
  readonly headNs: Nanos;
  readonly headSeq: number;
  readonly headKind: number;
  readonly headId: number;
  /** Runs the head (and takes it off the lane). */
  runHead(): void;
}

/** An event due more than this after it is scheduled waits in the far heap. */
const FAR_NS = 1_000_000_000;

export class Scheduler {
  nowNs: Nanos = 0;
  executed = 0;
  private readonly near = new MinHeap<ScheduledEvent>();
  private readonly far = new MinHeap<ScheduledEvent>();
  /** Whether the event `next` found is the far heap's top. */
  private nextIsFar = false;
  /**
   * The far heap's top time, cancelled or not: no live far event is due before it, so a near
   * event due earlier is next without a look at the far heap.
   */
  private farNs: Nanos = Number.POSITIVE_INFINITY;
  private nextSeq = 0;
  /** The event whose `run` is running: out of the heaps, so `again` may schedule its record. */
  private running: ScheduledEvent | null = null;
  private readonly hash = new WordHash(0x811c9dc5, 0x01000193);
  private readonly lanes: Lane[] = [];
  /** What `choose` found next: a lane's head, else the heaps' event (if any). */
  private nextLane: Lane | null = null;
  private nextEvent: ScheduledEvent | undefined = undefined;
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
    return this.near.size + this.far.size;
  }

  at(atNs: Nanos, kind: number, id: number, run: () => void): ScheduledEvent {
    if (!(atNs >= this.nowNs)) {
      throw new Error(`scheduler: event at ${atNs} ns is before now (${this.nowNs} ns)`);
    }
    const event: ScheduledEvent = { atNs, seq: this.nextSeq++, kind, id, run, cancelled: false };
    this.push(event);
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
    this.push(event);
    return event;
  }

  /**
   * Schedules the event now running once more, with its kind and callback, as `at` (or, given a
   * `seq` from `reserveSeq`, `atReserved`) would a new one: an owner that keeps one event pending
   * reuses its record rather than making one per run (etcd's completions, the watch stream's
   * intake: nearly every event of a busy run).
   */
  again(event: ScheduledEvent, atNs: Nanos, id: number, seq = this.nextSeq++): ScheduledEvent {
    if (event !== this.running || event.cancelled) {
      throw new Error("scheduler: only the running event can be scheduled again");
    }
    if (!(atNs >= this.nowNs) || !(seq < this.nextSeq)) {
      throw new Error(
        `scheduler: event again at ${atNs} ns (seq ${seq}) is before now or unreserved`,
      );
    }
    this.running = null;
    const pending = event as Pending;
    pending.atNs = atNs;
    pending.seq = seq;
    pending.id = id;
    this.push(pending);
    return pending;
  }

  after(delayNs: Nanos, kind: number, id: number, run: () => void): ScheduledEvent {
    return this.at(this.nowNs + Math.max(0, delayNs), kind, id, run);
  }

  cancel(event: ScheduledEvent): void {
    event.cancelled = true;
  }

  /** Adds an owner's queue of events to those the scheduler runs in order. */
  addLane(lane: Lane): void {
    this.lanes.push(lane);
  }

  /** Time of the next live event, or Infinity when none is pending. */
  peekNs(): Nanos {
    // Called after every event by the run's driver.
    return this.choose();
  }

  /** Runs every event due at or before `untilNs`, then sets the clock to `untilNs`. */
  runUntil(untilNs: Nanos): void {
    while (this.peekNs() <= untilNs) this.step();
    if (untilNs > this.nowNs) this.nowNs = untilNs;
  }

  /** Runs the next live event; returns false when nothing is pending. */
  step(): boolean {
    const atNs = this.choose();
    const lane = this.nextLane;
    if (lane !== null) {
      assert(atNs >= this.nowNs, "scheduler: time never runs backwards");
      this.nowNs = atNs;
      this.executed++;
      this.hash.event(atNs, lane.headKind, lane.headId);
      lane.runHead();
      return true;
    }
    const event = this.nextEvent;
    if (event === undefined) return false;
    if (this.nextIsFar) {
      this.far.pop();
      this.farNs = this.far.peek()?.atNs ?? Number.POSITIVE_INFINITY;
    } else {
      this.near.pop();
    }
    // Every event is scheduled at or after now, and the heaps pop in time order.
    assert(event.atNs >= this.nowNs, "scheduler: time never runs backwards");
    this.nowNs = event.atNs;
    this.executed++;
    // Word by word (`WordHash.event`): a word array per event was measurable garbage.
    this.hash.event(event.atNs, event.kind, event.id);
    this.running = event;
    event.run();
    this.running = null;
    return true;
  }

  /** 64-bit FNV-style digest of every executed event, as 16 hex digits. */
  traceHash(): string {
    return hex32(this.hash.hi) + hex32(this.hash.lo);
  }

  private push(event: ScheduledEvent): void {
    if (event.atNs - this.nowNs <= FAR_NS) {
      this.near.push(event, event.atNs, event.seq);
      return;
    }
    this.far.push(event, event.atNs, event.seq);
    if (event.atNs < this.farNs) this.farNs = event.atNs;
  }

  /**
   * The time of what runs next, the heaps' next event (`nextEvent`) or a lane's head
   * (`nextLane`), the first by (time, sequence); Infinity when nothing is pending.
   */
  private choose(): Nanos {
    const event = this.next();
    this.nextEvent = event;
    this.nextLane = null;
    let atNs = Number.POSITIVE_INFINITY;
    let seq = Number.POSITIVE_INFINITY;
    if (event !== undefined) {
      atNs = event.atNs;
      seq = event.seq;
    }
    for (const lane of this.lanes) {
      const laneNs = lane.headNs;
      if (laneNs < atNs || (laneNs === atNs && lane.headSeq < seq)) {
        atNs = laneNs;
        seq = lane.headSeq;
        this.nextLane = lane;
      }
    }
    return atNs;
  }

  /** The next live event, the earlier of the two heaps' tops; cancelled tops are dropped. */
  private next(): ScheduledEvent | undefined {
    let near = this.near.peek();
    while (near?.cancelled === true) {
      this.near.pop();
      near = this.near.peek();
    }
    // The common case: the near top is due before anything far.
    if (near !== undefined && near.atNs < this.farNs) {
      this.nextIsFar = false;
      return near;
    }
    return this.nextOfBoth(near);
  }

  private nextOfBoth(near: ScheduledEvent | undefined): ScheduledEvent | undefined {
    let far = this.far.peek();
    while (far?.cancelled === true) {
      this.far.pop();
      far = this.far.peek();
    }
    this.farNs = far === undefined ? Number.POSITIVE_INFINITY : far.atNs;
    this.nextIsFar =
      far !== undefined &&
      (near === undefined ||
        far.atNs < near.atNs ||
        (far.atNs === near.atNs && far.seq < near.seq));
    return this.nextIsFar ? far : near;
  }
}
