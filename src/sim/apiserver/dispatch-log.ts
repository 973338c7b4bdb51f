import { defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import {
  CHUNK,
  CHUNK_MASK,
  chunkOf,
  chunkStart,
  emptySlots,
  SealedChunks,
  sameBytes,
  sealedSpan,
  slotOf,
} from "../lib/sealed-chunks.ts";
import { smallInteger } from "../lib/small-integer.ts";
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
  /** By slot; null in chunk 0's slots before absolute index 0. */
  readonly items: (WatchCacheEvent | null)[];
  /** cumulative[i]: deliverable entries at absolute indexes up to and including this one. */
  readonly cumulative: Float64Array;
}

/** Full chunks of every dispatch log in the process, one copy of each (time travel's parked runs). */
const sealed = new SealedChunks<Chunk>(
  (a, b) =>
    sameBytes(a.cumulative, b.cumulative) &&
    a.items.every((e, i) => sameEvent(e, b.items[i] ?? null)),
);

// The entries are chunks by absolute index: released chunks go whole, and a full chunk is never
// written again, so the runs time travel parks share the events they dispatched alike
// (lib/sealed-chunks.ts). An event and its objects are never changed once made, so one run may
// read another's equal ones.
export class DispatchLog {
  /** chunks[k] is chunk firstChunk + k (lib/sealed-chunks.ts chunkOf). */
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

  constructor() {
    // Stored once more, so V8 takes the field as one that changes from the start. Kept as its
    // first value until the first release (a thousand entries in), it was folded into the
    // optimised hand-off (WatchCache.hand), which the first release then threw away.
    this.firstLive = 0;
  }

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
    return this.endIndex - chunkStart(this.firstChunk);
  }

  /** The absolute indexes [from, to) of the full chunks, which runs of one scenario share. */
  get sealed(): { from: number; to: number } {
    return sealedSpan(this.firstChunk, this.chunks.length, this.endIndex);
  }

  append(event: WatchCacheEvent): void {
    const end = this.endIndex;
    if (end > this.firstLive && event.rv <= this.newestRv) this.lastDecrease = end;
    this.newestRv = event.rv;
    if (isDeliverable(event)) this.deliverable++;
    const i = slotOf(end);
    if (i === 0 || this.chunks.length === 0) {
      if (this.chunks.length === 0) this.firstChunk = chunkOf(end);
      this.chunks.push({
        items: emptySlots<WatchCacheEvent>(),
        cumulative: new Float64Array(CHUNK),
      });
    }
    const last = this.chunks.length - 1;
    const chunk = defined(this.chunks[last]);
    chunk.items[i] = event;
    chunk.cumulative[i] = this.deliverable;
    this.endIndex++;
    if (i === CHUNK_MASK) this.chunks[last] = sealed.seal(chunkOf(end), chunk);
  }

  at(index: number): WatchCacheEvent {
    const event =
      index >= this.firstLive && index < this.endIndex
        ? this.chunks[chunkOf(index) - this.firstChunk]?.items[slotOf(index)]
        : undefined;
    if (event === undefined || event === null)
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
    const written = chunkOf(this.endIndex);
    const dead = Math.min(chunkOf(this.firstLive), written) - this.firstChunk;
    if (dead <= 0) return;
    this.cumulativeBeforeChunks = this.cumulativeBefore(chunkStart(this.firstChunk + dead));
    this.chunks.splice(0, dead);
    this.firstChunk += dead;
  }

  private cumulativeBefore(index: number): number {
    if (index <= chunkStart(this.firstChunk)) return this.cumulativeBeforeChunks;
    const last = index - 1;
    // A small integer, as the count stored beside the chunks is: a double there would widen
    // that field for every log (lib/small-integer.ts).
    return smallInteger(
      defined(this.chunks[chunkOf(last) - this.firstChunk]?.cumulative[slotOf(last)]),
    );
  }
}

function sameEvent(a: WatchCacheEvent | null, b: WatchCacheEvent | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.type === b.type &&
    a.key === b.key &&
    Object.is(a.rv, b.rv) &&
    Object.is(a.recordTimeNs, b.recordTimeNs) &&
    samePod(a.object, b.object) &&
    samePod(a.prevObject, b.prevObject)
  );
}
