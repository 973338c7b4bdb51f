import { defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import {
  CHUNK,
  CHUNK_BITS,
  CHUNK_MASK,
  SealedChunks,
  sameBytes,
  sealedSpan,
} from "../lib/sealed-chunks.ts";
import { samePod } from "../storage/same-pod.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";

// The events the cacher has dispatched, in order, addressed by absolute index. Watchers are
// cursors into it: an event is appended once, however many watchers there are, and each watcher
// filters and converts it only when its client reads. Entries no cursor can reach are dropped.
// For clients that only need to catch up, it also answers "how many would a whole-resource
// watcher deliver between two positions" in O(log n), from running counts.

/** A whole-resource watcher delivers an event unless it deletes an object it never had. */
export const isDeliverable = (event: WatchCacheEvent): boolean =>
  event.type === "DELETED" ? event.prevObject !== null : event.object !== null;

/** Entries by absolute index, written only while the chunk is the newest and shared once full. */
interface Chunk {
  readonly items: WatchCacheEvent[];
  /** cumulative[i]: deliverable entries at absolute indexes up to and including this one. */
  readonly cumulative: Float64Array;
}

/** Full chunks of every dispatch log in the process, one copy of each (time travel's parked runs). */
const sealed = new SealedChunks<Chunk>(
  (a, b) =>
    sameBytes(a.cumulative, b.cumulative) && a.items.every((e, i) => sameEvent(e, b.items[i])),
);

// The entries are chunks by absolute index: released chunks go whole, and a full chunk is never
// written again, so the runs time travel parks share the events they dispatched alike
// (lib/sealed-chunks.ts). An event and its objects are never changed once made, so one run may
// read another's equal ones.
export class DispatchLog {
  /** chunks[k] holds absolute indexes [(firstChunk + k) · CHUNK, … + CHUNK). */
  private chunks: Chunk[] = [];
  private firstChunk = 0;
  /** Deliverable entries below the first chunk. */
  private cumulativeBeforeChunks = 0;
  /** One past the newest entry. */
  private endIndex = 0;
  /** Entries below this absolute index were released. */
  private firstLive = 0;
  /** The last index whose RV is not above its predecessor's (-1: RVs only ever increased). */
  private lastDecrease = -1;
  /** The newest entry's RV, and the deliverable entries so far. */
  private newestRv = 0;
  private deliverable = 0;

  /** One past the newest entry. */
  get end(): number {
    return this.endIndex;
  }

  /** Entries retained (not yet released). */
  get retained(): number {
    return this.endIndex - this.firstLive;
  }

  /** Entries held in memory: the retained ones and the released ones still in their chunk. */
  get held(): number {
    return this.endIndex - this.firstChunk * CHUNK;
  }

  /** The absolute indexes [from, to) of the full chunks, which runs of one scenario share. */
  get sealed(): { from: number; to: number } {
    return sealedSpan(this.firstChunk, this.chunks.length, this.endIndex, CHUNK);
  }

  append(event: WatchCacheEvent): void {
    const end = this.endIndex;
    if (end > this.firstLive && event.rv <= this.newestRv) this.lastDecrease = end;
    this.newestRv = event.rv;
    if (isDeliverable(event)) this.deliverable++;
    const i = end & CHUNK_MASK;
    if (i === 0) {
      if (this.chunks.length === 0) this.firstChunk = end >>> CHUNK_BITS;
      this.chunks.push({ items: [], cumulative: new Float64Array(CHUNK) });
    }
    const last = this.chunks.length - 1;
    const chunk = defined(this.chunks[last]);
    chunk.items.push(event);
    chunk.cumulative[i] = this.deliverable;
    this.endIndex++;
    if (i === CHUNK_MASK) this.chunks[last] = sealed.seal(end >>> CHUNK_BITS, chunk);
  }

  at(index: number): WatchCacheEvent {
    const event =
      index >= this.firstLive && index < this.endIndex
        ? this.chunks[(index >>> CHUNK_BITS) - this.firstChunk]?.items[index & CHUNK_MASK]
        : undefined;
    if (event === undefined)
      throw new Error(`dispatch log: entry ${index} was released or never written`);
    return event;
  }

  /** RVs strictly increase over [from, end): positions can be found by RV. */
  increasingFrom(from: number): boolean {
    return this.lastDecrease <= from;
  }

  /** The first index in [from, to) whose RV is above `rv` (RVs increasing there), else `to`. */
  firstAbove(from: number, to: number, rv: number): number {
    return bisect(from, to, (i) => this.at(i).rv > rv);
  }

  /** Deliverable entries at indexes [from, to). */
  deliverableBetween(from: number, to: number): number {
    return this.cumulativeBefore(to) - this.cumulativeBefore(from);
  }

  /** No cursor will read below `index` any more. */
  releaseBefore(index: number): void {
    const upTo = Math.min(index, this.endIndex);
    if (upTo > this.firstLive) this.firstLive = upTo;
    // Whole chunks below the first live entry go (never the one appends still write to).
    const written = this.endIndex >>> CHUNK_BITS;
    const dead = Math.min(this.firstLive >>> CHUNK_BITS, written) - this.firstChunk;
    if (dead <= 0) return;
    this.cumulativeBeforeChunks = this.cumulativeBefore((this.firstChunk + dead) * CHUNK);
    this.chunks.splice(0, dead);
    this.firstChunk += dead;
  }

  private cumulativeBefore(index: number): number {
    if (index <= this.firstChunk * CHUNK) return this.cumulativeBeforeChunks;
    const last = index - 1;
    return defined(
      this.chunks[(last >>> CHUNK_BITS) - this.firstChunk]?.cumulative[last & CHUNK_MASK],
    );
  }
}

function sameEvent(a: WatchCacheEvent, b: WatchCacheEvent | undefined): boolean {
  return (
    b !== undefined &&
    a.type === b.type &&
    a.key === b.key &&
    Object.is(a.rv, b.rv) &&
    Object.is(a.recordTimeNs, b.recordTimeNs) &&
    samePod(a.object, b.object) &&
    samePod(a.prevObject, b.prevObject)
  );
}
