import { defined } from "../lib/at.ts";
import { firstAboveInRing } from "../lib/bisect.ts";
import type { Nanos } from "../time.ts";

// etcd's revision as a function of time: for clients that read "at the revision of a past moment"
// (the `exact` read kind, over a trailing window) and for the cache's lag (the commit time of the
// first revision the cache has not taken in). Each revision change is a (time, revision) pair in
// a ring of typed arrays; a pair is dropped once it is older than the window and the cache has
// taken its revision in.

const INITIAL_SLOTS = 1024;

export class RevisionClock {
  private timesNs = new Float64Array(INITIAL_SLOTS);
  private revisions = new Float64Array(INITIAL_SLOTS);
  private head = 0;
  private count = 0;
  private readonly windowNs: Nanos;
  private readonly takenIn: () => number;

  constructor(startRevision: number, windowNs: Nanos, takenIn: () => number) {
    this.windowNs = windowNs;
    this.takenIn = takenIn;
    this.push(0, startRevision);
  }

  /** The revision became `revision` at `atNs` (times never decrease). */
  record(atNs: Nanos, revision: number): void {
    this.push(atNs, revision);
    const cacheRv = this.takenIn();
    const size = this.timesNs.length;
    while (
      this.count > 1 &&
      this.timeAt(1) <= atNs - this.windowNs &&
      defined(this.revisions[(this.head + 1) % size]) <= cacheRv
    ) {
      this.head = (this.head + 1) % size;
      this.count--;
    }
  }

  /** When etcd first reached `revision`, or null if it has not yet. */
  reachedAt(revision: number): Nanos | null {
    // Revisions are whole numbers: the first at or above `revision` is the first above it − 1.
    const lo = firstAboveInRing(this.revisions, this.head, this.count, revision - 1);
    return lo < this.count ? this.timeAt(lo) : null;
  }

  /** The revision in force at `atNs` (within the window). */
  revisionAt(atNs: Nanos): number {
    const lo = firstAboveInRing(this.timesNs, this.head, this.count, atNs);
    return this.revisionAtOffset(Math.max(0, lo - 1));
  }

  private revisionAtOffset(offset: number): number {
    return defined(this.revisions[(this.head + offset) % this.revisions.length]);
  }

  private timeAt(offset: number): number {
    return defined(this.timesNs[(this.head + offset) % this.timesNs.length]);
  }

  private push(atNs: Nanos, revision: number): void {
    if (this.count === this.timesNs.length) this.grow();
    const slot = (this.head + this.count) % this.timesNs.length;
    this.timesNs[slot] = atNs;
    this.revisions[slot] = revision;
    this.count++;
  }

  private grow(): void {
    const size = this.timesNs.length;
    const times = new Float64Array(size * 2);
    const revisions = new Float64Array(size * 2);
    for (let i = 0; i < this.count; i++) {
      times[i] = defined(this.timesNs[(this.head + i) % size]);
      revisions[i] = defined(this.revisions[(this.head + i) % size]);
    }
    this.timesNs = times;
    this.revisions = revisions;
    this.head = 0;
  }
}
