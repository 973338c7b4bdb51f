import { defined } from "../lib/at.ts";
import type { RandomStream } from "../rng.ts";
import type { Schedule } from "../scenario/index.ts";
import { type Nanos, NS_PER_S } from "../time.ts";

// An open-loop arrival process whose rate follows a schedule (docs/scenarios.md `arrival`). Its next
// arrival depends only on the last arrival, its own random draws and the schedule, so replanning
// when a schedule point is applied gives the same times whether the point was in the scenario
// from the start or was added live: a live change replays bit for bit.

export type ArrivalMode = "poisson" | "uniform";

/** Index of the point in force at `tNs` (the schedule's first point is at 0). */
function pointAt(schedule: Schedule, tNs: Nanos): number {
  let i = 0;
  while (i + 1 < schedule.length && defined(schedule[i + 1]).atNs <= tNs) i++;
  return i;
}

/** When the value in force at point `i` ends (Infinity when it never does). */
const endOf = (schedule: Schedule, i: number): Nanos =>
  schedule[i + 1]?.atNs ?? Number.POSITIVE_INFINITY;

/** What the run's driver reads of an arrival source: drawn (ArrivalProcess) or replayed. */
export interface Arrivals {
  /** Time of the next arrival, Infinity when none is due. */
  readonly nextNs: Nanos;
  /** Arrivals consumed so far. */
  readonly count: number;
  /** Consumes the arrival at `nextNs`. */
  advance(): void;
  replan(schedule: Schedule, atNs: Nanos): void;
  reschedule(schedule: Schedule): void;
}

/**
 * Arrivals at given times, as a script lists them (sim/script/): the same source in the run's
 * driver as a drawn process, so a replayed run executes the trace its recording did. Schedules
 * do not move recorded times.
 */
export class ReplayedArrivals implements Arrivals {
  nextNs: Nanos;
  count = 0;
  private readonly times: readonly Nanos[];

  constructor(times: readonly Nanos[]) {
    this.times = times;
    this.nextNs = times[0] ?? Number.POSITIVE_INFINITY;
  }

  advance(): void {
    this.count++;
    this.nextNs = this.times[this.count] ?? Number.POSITIVE_INFINITY;
  }

  replan(): void {}

  reschedule(): void {}
}

export class ArrivalProcess implements Arrivals {
  /** Time of the next arrival, Infinity when none is due under the schedule as it stands. */
  nextNs: Nanos = Number.POSITIVE_INFINITY;
  /** Arrivals consumed so far. */
  count = 0;
  private schedule: Schedule;
  private readonly mode: ArrivalMode;
  private readonly random: RandomStream;
  // Initialised here, not only in the constructor: a class field declared without a value starts
  // as `undefined`, and V8 then keeps it as a tagged field, boxing every time stored in it in a
  // fresh heap number (an allocation and a write barrier per arrival); a field that starts as a
  // number is stored in place.
  private lastNs: Nanos = 0;
  /** Poisson: the pending unit-exponential draw, mapped through the integrated rate. */
  private unitDraw = 0;
  /** Uniform: the segment the arrivals count from, and the next arrival's number in it. */
  private segmentStartNs: Nanos = 0;
  private k = 1;

  constructor(schedule: Schedule, mode: ArrivalMode, random: RandomStream, startNs: Nanos) {
    this.schedule = schedule;
    this.mode = mode;
    this.random = random;
    this.lastNs = startNs;
    this.segmentStartNs = startNs;
    if (mode === "poisson") this.unitDraw = random.exponential(1);
    this.nextNs = this.plan();
  }

  /** Consumes the arrival at `nextNs` and plans the one after it. */
  advance(): void {
    this.count++;
    this.lastNs = this.nextNs;
    if (this.mode === "poisson") this.unitDraw = this.random.exponential(1);
    else this.k++;
    this.nextNs = this.plan();
  }

  /** A point of the schedule took effect at `atNs` (the schedule now includes it). */
  replan(schedule: Schedule, atNs: Nanos): void {
    this.schedule = schedule;
    if (this.mode === "uniform") {
      this.segmentStartNs = atNs;
      this.k = 1;
    }
    this.nextNs = this.plan();
  }

  /** The schedule changed ahead of now (a live change): the pending arrival follows it. */
  reschedule(schedule: Schedule): void {
    this.schedule = schedule;
    this.nextNs = this.plan();
  }

  private plan(): Nanos {
    return this.mode === "poisson" ? this.planPoisson() : this.planUniform();
  }

  // Time change: the next arrival is where the integrated rate since the last one reaches the
  // unit draw; the walk crosses at most one segment per schedule point.
  private planPoisson(): Nanos {
    let tNs = this.lastNs;
    let remaining = this.unitDraw;
    for (let i = pointAt(this.schedule, tNs); i < this.schedule.length; i++) {
      const rate = defined(this.schedule[i]).value;
      const endNs = endOf(this.schedule, i);
      if (rate > 0) {
        const atNs = Math.ceil(tNs + (remaining / rate) * NS_PER_S);
        if (atNs < endNs) return atNs;
        remaining -= ((endNs - tNs) * rate) / NS_PER_S;
      }
      if (endNs === Number.POSITIVE_INFINITY) return endNs;
      tNs = endNs;
    }
    throw new Error("arrivals: the schedule walk did not end");
  }

  // Arrival k of a segment starting at T with rate r is at T + k/r; none past the segment's end.
  private planUniform(): Nanos {
    const i = pointAt(this.schedule, this.segmentStartNs);
    const rate = defined(this.schedule[i]).value;
    const endNs = endOf(this.schedule, i);
    if (!(rate > 0)) return Number.POSITIVE_INFINITY;
    const atNs = this.segmentStartNs + Math.ceil((this.k * NS_PER_S) / rate);
    return atNs < endNs ? atNs : Number.POSITIVE_INFINITY;
  }
}
