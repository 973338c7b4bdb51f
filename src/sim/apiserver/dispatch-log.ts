import { defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import {
  CHUNK,
  CHUNK_MASK,
  chunkOf,
  chunkStart,
  SealedChunks,
  sameBytes,
  sealedSpan,
  slotOf,
} from "../lib/sealed-chunks.ts";
import { smallInteger } from "../lib/small-integer.ts";
import { EventSlots } from "./event-slots.ts";
import { PodBodies } from "./pod-bodies.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";

// The events the cacher has dispatched, in order, addressed by absolute index. Watchers are
// cursors into it: an event is appended once, however many watchers there are, and each watcher
// filters and converts it only when its client reads. Entries no cursor can reach are dropped.
// For clients that only need to catch up, it also answers "how many would a whole-resource
// watcher deliver between two positions" in O(log n), from running counts.

/** A whole-resource watcher delivers an event unless it deletes an object it never had. */
export const isDeliverable = (event: WatchCacheEvent): boolean =>
  event.type === "DELETED" ? event.prevObject !== null : event.object !== null;

/** Running counts by absolute index, written only while the chunk is the newest, shared once full. */
const sealedCounts = new SealedChunks<Float64Array>(sameBytes);

// The entries are chunks by absolute index: released chunks go whole, and a full chunk is never
// written again, so the runs time travel parks share the events they dispatched alike
// (lib/sealed-chunks.ts). The events are kept as the history ring keeps its own, in columns of
// what is read and references to each key's shared body (event-slots.ts), not an event object
// and two pods each: the world's watchers read only the RVs and counts, and an event is made
// again only where a client reads it. A full chunk equal to the ring's at its index is the
// ring's (event-slots.ts): while the two number the same events alike, one copy serves both.
export class DispatchLog {
  private readonly events: EventSlots;
  /** counts[k] is chunk firstChunk + k of the running counts: counts[k][slot] is the number of
   * deliverable entries at absolute indexes up to and including that one. */
  private counts: Float64Array[] = [];
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

  /**
   * `bodies`: the watch cache's shared body per key, which its ring and snapshots use too;
   * `ring`: the history ring's slots, whose full chunks hold the same events at the same indexes
   * while the cache has not relisted, so one copy serves both.
   */
  constructor(bodies: PodBodies = new PodBodies(), ring: EventSlots | null = null) {
    this.events = new EventSlots(bodies, ring);
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

  /** Every full chunk held is the history ring's (it weighs nothing beyond the ring's). */
  get sealedAlongRing(): boolean {
    return this.events.sealedAlongside;
  }

  /** The absolute indexes [from, to) of the full chunks, which runs of one scenario share. */
  get sealed(): { from: number; to: number } {
    return sealedSpan(this.firstChunk, this.counts.length, this.endIndex);
  }

  append(event: WatchCacheEvent): void {
    const end = this.endIndex;
    if (end > this.firstLive && event.rv <= this.newestRv) this.lastDecrease = end;
    this.newestRv = event.rv;
    if (isDeliverable(event)) this.deliverable++;
    const i = slotOf(end);
    if (i === 0 || this.counts.length === 0) {
      if (this.counts.length === 0) this.firstChunk = chunkOf(end);
      this.counts.push(new Float64Array(CHUNK));
    }
    const last = this.counts.length - 1;
    const counts = defined(this.counts[last]);
    counts[i] = this.deliverable;
    this.events.set(end, event);
    this.endIndex++;
    if (i === CHUNK_MASK) this.counts[last] = sealedCounts.seal(chunkOf(end), counts);
  }

  /** The event at `index`, made again from the columns (equal to the one appended). */
  at(index: number): WatchCacheEvent {
    const event = this.live(index) ? this.events.get(index) : null;
    if (event === null) throw this.missing(index);
    return event;
  }

  /** The RV of the event at `index`, without making the event. */
  rvAt(index: number): number {
    if (!this.live(index)) throw this.missing(index);
    return this.events.rvAt(index);
  }

  private live(index: number): boolean {
    return index >= this.firstLive && index < this.endIndex;
  }

  private missing(index: number): Error {
    return new Error(`dispatch log: entry ${index} was released or never written`);
  }

  /** RVs strictly increase over [from, end): positions can be found by RV. */
  increasingFrom(from: number): boolean {
    return this.lastDecrease <= from;
  }

  /** The first index in [from, to) whose RV is above `rv` (RVs increasing there), else `to`. */
  firstAbove(from: number, to: number, rv: number): number {
    return bisect(from, to, (i) => this.rvAt(i) > rv);
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
    this.counts.splice(0, dead);
    this.firstChunk += dead;
    this.events.dropBefore(chunkStart(this.firstChunk));
  }

  private cumulativeBefore(index: number): number {
    if (index <= chunkStart(this.firstChunk)) return this.cumulativeBeforeChunks;
    const last = index - 1;
    // A small integer, as the count stored beside the chunks is: a double there would widen
    // that field for every log (lib/small-integer.ts).
    return smallInteger(defined(this.counts[chunkOf(last) - this.firstChunk]?.[slotOf(last)]));
  }
}
