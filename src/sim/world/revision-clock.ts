import { assert } from "../lib/assert.ts";
import { defined } from "../lib/at.ts";
import { firstAboveInRing } from "../lib/bisect.ts";
import type { Nanos } from "../time.ts";

// etcd's revision as a function of time: for clients that read "at the revision of a past moment"
// (the `exact` read kind, over a trailing window) and for the cache's lag (the commit time of the
// first revision the cache has not taken in). etcd's revision moves by one a write, so the clock
// is one column of times, indexed by revision, in a growable ring (8 bytes a revision).
//
// A revision's time is dropped once it is older than the window and no lag can ask for it: the
// cache holds a later revision, or will only ever hold a later one. While its watch is closed the
// cache's next revision comes from a relist (Reflector.lowestNextRevision), so a cache stuck
// behind compaction (an overloaded etcd failing its relists) keeps the window and one time, the
// one its lag reads, instead of every revision etcd has reached since.

const INITIAL_SLOTS = 1024;

/** Which revisions' times the cache's lag may still ask for. */
export interface CacheRevisions {
  /** The cache's revision now. */
  current(): number;
  /** The lowest revision the cache can hold from now on (at least `current()`). */
  lowestNext(): number;
}

export class RevisionClock {
  /** times[(head + r − base) mod size]: when etcd reached revision r, for r in [base, newest]. */
  private timesNs = new Float64Array(INITIAL_SLOTS);
  private head = 0;
  private base: number;
  private newest: number;
  /** A revision below `base` whose time the cache's lag still reads, and that time. */
  private pinnedRevision = -1;
  private pinnedNs = 0;
  private readonly windowNs: Nanos;
  private readonly cache: CacheRevisions;

  constructor(startRevision: number, windowNs: Nanos, cache: CacheRevisions) {
    this.windowNs = windowNs;
    this.cache = cache;
    this.base = startRevision;
    this.newest = startRevision;
    this.timesNs[0] = 0;
  }

  /** Revisions whose times are kept. */
  get kept(): number {
    return this.newest - this.base + 1;
  }

  /** Revisions the column has room for: what it occupies in memory. */
  get capacity(): number {
    return this.timesNs.length;
  }

  /** The revision became `revision` (the next one) at `atNs` (times never decrease). */
  record(atNs: Nanos, revision: number): void {
    assert(revision === this.newest + 1, "revision clock: etcd's revision moves by one");
    if (this.kept === this.timesNs.length) this.grow();
    this.newest = revision;
    this.timesNs[this.slot(revision)] = atNs;
    this.dropUntil(atNs - this.windowNs);
  }

  /** When etcd first reached `revision`, or null if it has not yet. */
  reachedAt(revision: number): Nanos | null {
    if (revision > this.newest) return null;
    if (revision === this.pinnedRevision && revision < this.base) return this.pinnedNs;
    return this.timeOf(Math.max(revision, this.base));
  }

  /** The revision in force at `atNs` (within the window). */
  revisionAt(atNs: Nanos): number {
    const above = firstAboveInRing(this.timesNs, this.head, this.kept, atNs);
    return this.base + Math.max(0, above - 1);
  }

  private slot(revision: number): number {
    return (this.head + revision - this.base) % this.timesNs.length;
  }

  private timeOf(revision: number): Nanos {
    return defined(this.timesNs[this.slot(revision)]);
  }

  // The time of base + 1 answers lags of caches at `base`, and revisionAt inside the window.
  private dropUntil(oldestNs: Nanos): void {
    // Most records drop nothing, or one time the window let go: ask the cache only then.
    if (this.base === this.newest || this.timeOf(this.base + 1) > oldestNs) return;
    const floor = this.cache.lowestNext();
    const lagged = this.cache.current() + 1;
    const size = this.timesNs.length;
    const kept = this.kept;
    while (this.base < this.newest && this.base + 1 <= floor) {
      const nextNs = this.timeOf(this.base + 1);
      if (nextNs > oldestNs) break;
      if (this.base + 1 === lagged) {
        this.pinnedRevision = lagged;
        this.pinnedNs = nextNs;
      }
      this.head = (this.head + 1) % size;
      this.base++;
    }
    // A watch that lagged for minutes grew the column; once it is mostly free, give half back.
    if (this.kept < kept && this.kept * 4 <= size && size > INITIAL_SLOTS) this.resize(size / 2);
  }

  private grow(): void {
    this.resize(this.timesNs.length * 2);
  }

  private resize(slots: number): void {
    const kept = this.kept;
    const next = new Float64Array(slots);
    const firstRun = Math.min(kept, this.timesNs.length - this.head);
    next.set(this.timesNs.subarray(this.head, this.head + firstRun));
    next.set(this.timesNs.subarray(0, kept - firstRun), firstRun);
    this.timesNs = next;
    this.head = 0;
  }
}
