import { assert } from "../lib/assert.ts";
import { defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import {
  CHUNK,
  CHUNK_MASK,
  chunkOf,
  SealedChunks,
  sameBytes,
  sealedSpan,
  slotOf,
  withoutSharing,
} from "../lib/sealed-chunks.ts";
import type { Nanos } from "../time.ts";

// etcd's revision as a function of time: for clients that read "at the revision of a past moment"
// (the `exact` read kind, over a trailing window) and for the cache's lag (the commit time of the
// first revision the cache has not taken in). etcd's revision moves by one a write, so the clock
// is one column of times, indexed by revision (8 bytes a revision), in chunks by absolute
// revision like the logs: the oldest go whole, and a full chunk is never written again, so the
// runs time travel parks share the window's times (lib/sealed-chunks.ts). The chunks count from
// the clock's first revision (a run starts at the revision its objects were created up to): from
// there, as in the logs, the first chunk fills after a few writes, while V8 still interprets the
// code around it (lib/sealed-chunks.ts FIRST_CHUNK_ENTRIES). Runs of one scenario start alike.
//
// A revision's time is dropped once it is older than the window and no lag can ask for it: the
// cache holds a later revision, or will only ever hold a later one. While its watch is closed the
// cache's next revision comes from a relist (Reflector.lowestNextRevision), so a cache stuck
// behind compaction (an overloaded etcd failing its relists) keeps the window and one time, the
// one its lag reads, instead of every revision etcd has reached since.

/**
 * The scratch clock's records in `primeDrops`: enough calls for V8 to keep the feedback of the
 * small functions on the drop path (it starts after about a kilobyte of their bytecode has run),
 * and past the first chunk, so that a whole chunk is dropped too.
 */
const PRIMING_RECORDS = 512;

/** Full chunks of every clock in the process, one copy of each. */
const sealed = new SealedChunks<Float64Array>(sameBytes);

/** Which revisions' times the cache's lag may still ask for. */
export interface CacheRevisions {
  /** The cache's revision now. */
  current(): number;
  /** The lowest revision the cache can hold from now on (at least `current()`). */
  lowestNext(): number;
}

export class RevisionClock {
  /** chunks[chunkOf(r − origin) − firstChunk][slotOf(r − origin)]: when etcd reached revision
   * r, for r in [base, newest] (lib/sealed-chunks.ts chunkOf). */
  private chunks: Float64Array[];
  /** The first revision, at index 0 of the chunks. */
  private readonly origin: number;
  private firstChunk: number;
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
    this.origin = startRevision;
    this.firstChunk = 0;
    this.chunks = [new Float64Array(CHUNK)];
  }

  /** Revisions whose times are kept. */
  get kept(): number {
    return this.newest - this.base + 1;
  }

  /** Revisions the column has room for: what it occupies in memory. */
  get capacity(): number {
    return this.chunks.length * CHUNK;
  }

  /** The revisions [from, to) of the full chunks, which runs of one scenario share. */
  get sealed(): { from: number; to: number } {
    const { from, to } = sealedSpan(
      this.firstChunk,
      this.chunks.length,
      this.newest + 1 - this.origin,
    );
    return { from: from + this.origin, to: to + this.origin };
  }

  /** The revision became `revision` (the next one) at `atNs` (times never decrease). */
  record(atNs: Nanos, revision: number): void {
    assert(revision === this.newest + 1, "revision clock: etcd's revision moves by one");
    const i = slotOf(revision - this.origin);
    if (i === 0) this.chunks.push(new Float64Array(CHUNK));
    const last = this.chunks.length - 1;
    const times = defined(this.chunks[last]);
    times[i] = atNs;
    this.newest = revision;
    if (i === CHUNK_MASK) this.chunks[last] = sealed.seal(chunkOf(revision - this.origin), times);
    this.dropUntil(atNs - this.windowNs);
  }

  /**
   * Runs a scratch clock with this clock's cache through a few hundred drops. A run's first real
   * drop comes a window (a minute) in, after V8 has optimised `record` and etcd's writes, which
   * inline it, and its feedbackless path threw that code away. Called once the cache can answer
   * (buildWorld): its answers' paths are part of what V8 learns here.
   */
  primeDrops(): void {
    // Unshared: the scratch's full first chunk is nobody's to share.
    withoutSharing(() => {
      const scratch = new RevisionClock(-PRIMING_RECORDS - 1, 0, this.cache);
      for (let revision = -PRIMING_RECORDS; revision < 0; revision++) scratch.record(0, revision);
    });
  }

  /** When etcd first reached `revision`, or null if it has not yet. */
  reachedAt(revision: number): Nanos | null {
    if (revision > this.newest) return null;
    if (revision === this.pinnedRevision && revision < this.base) return this.pinnedNs;
    return this.timeOf(Math.max(revision, this.base));
  }

  /** The revision in force at `atNs` (within the window). */
  revisionAt(atNs: Nanos): number {
    const above = bisect(0, this.kept, (k) => this.timeOf(this.base + k) > atNs);
    return this.base + Math.max(0, above - 1);
  }

  private timeOf(revision: number): Nanos {
    const index = revision - this.origin;
    const times = defined(this.chunks[chunkOf(index) - this.firstChunk]);
    return defined(times[slotOf(index)]);
  }

  // The time of base + 1 answers lags of caches at `base`, and revisionAt over the window's times.
  private dropUntil(oldestNs: Nanos): void {
    // Most records drop nothing, or one time the window let go: ask the cache only then.
    if (this.base === this.newest || this.timeOf(this.base + 1) > oldestNs) return;
    const floor = this.cache.lowestNext();
    const lagged = this.cache.current() + 1;
    while (this.base < this.newest && this.base + 1 <= floor) {
      const nextNs = this.timeOf(this.base + 1);
      if (nextNs > oldestNs) break;
      if (this.base + 1 === lagged) {
        this.pinnedRevision = lagged;
        this.pinnedNs = nextNs;
      }
      this.base++;
    }
    // Whole chunks below the oldest kept time go: a watch that lagged for minutes gives its
    // column back as it catches up.
    const dead = chunkOf(this.base - this.origin) - this.firstChunk;
    if (dead > 0) {
      this.chunks.splice(0, dead);
      this.firstChunk += dead;
    }
  }
}
