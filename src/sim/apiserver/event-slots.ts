// Storage for the history ring's events by absolute index. Upstream allocates `capacity` slots up
// front and writes index i in slot i % capacity; with long request timeouts the capacity bound
// reaches 1.6 G slots. Here the slots are chunks of CHUNK events by absolute index: the ring
// holds the chunks that cover its window [start, end), drops whole chunks below its start, and
// never moves an event, so a resize changes only the window's bounds. A full chunk is never
// written again, so the runs time travel parks share their ring's history (lib/sealed-chunks.ts)
// as they share etcd's log and the dispatched events.
//
// The slots are columns of what the ring's readers read (RV, record time, type, key) and of each
// version's rv and shared body (pod-bodies.ts), not an event object and a pod per event: a ring of
// 3 million events holds about 29 bytes each in Chromium (RVs in 4 bytes, lib/rv-column.ts). An event
// is made again (`get`) only where a read returns it (a watch starting from the history).

import { defined } from "../lib/at.ts";
import { RvColumn } from "../lib/rv-column.ts";
import {
  CHUNK,
  CHUNK_MASK,
  chunkOf,
  emptySlots,
  SealedChunks,
  sameBytes,
  sealedSpan,
  slotOf,
} from "../lib/sealed-chunks.ts";
import type { Pod } from "../storage/pod.ts";
import { samePod } from "../storage/same-pod.ts";
import { type PodBodies, withRv } from "./pod-bodies.ts";
import type { WatchCacheEvent, WatchEventType } from "./watch-cache-event.ts";

const TYPES: readonly WatchEventType[] = ["ADDED", "MODIFIED", "DELETED"];
const TYPE_CODES: Readonly<Record<WatchEventType, number>> = { ADDED: 0, MODIFIED: 1, DELETED: 2 };
/** Flag in the type byte: the object is kept as given, its rv not the event's (tests only). */
const OWN_RV = 4;

/** A chunk's columns: written only while it is the newest, shared once full. */
interface Chunk {
  readonly rvs: RvColumn;
  readonly times: Float64Array;
  readonly types: Uint8Array;
  /** null: the slot holds no event. */
  readonly keys: (string | null)[];
  readonly bodies: (Pod | null)[];
  /** The previous object's rv and body; its body is null when there was none. */
  readonly prevRvs: RvColumn;
  readonly prevBodies: (Pod | null)[];
}

const newChunk = (): Chunk => ({
  rvs: new RvColumn(CHUNK),
  times: new Float64Array(CHUNK),
  types: new Uint8Array(CHUNK),
  keys: emptySlots<string>(),
  bodies: emptySlots<Pod>(),
  prevRvs: new RvColumn(CHUNK),
  prevBodies: emptySlots<Pod>(),
});

/**
 * Full chunks of every ring in the process, one copy of each. Bodies equal to a key's first one
 * are that one object in every run (pod-bodies.ts); any other may be another object with the
 * same values, compared field by field; a body is never changed once made, so one run may read
 * another's equal ones.
 */
const sameChunk = (a: Chunk, b: Chunk): boolean =>
  a.rvs.sameAs(b.rvs) &&
  a.prevRvs.sameAs(b.prevRvs) &&
  sameBytes(a.times, b.times) &&
  sameBytes(a.types, b.types) &&
  a.keys.every((key, i) => key === b.keys[i]) &&
  a.bodies.every((body, i) => samePod(body, b.bodies[i] ?? null)) &&
  a.prevBodies.every((body, i) => samePod(body, b.prevBodies[i] ?? null));
const sealed = new SealedChunks<Chunk>(sameChunk);

export class EventSlots {
  /** chunks[k] is chunk firstChunk + k (lib/sealed-chunks.ts chunkOf). */
  private chunks: Chunk[] = [];
  private firstChunk = 0;
  private readonly shared: PodBodies;
  /** Slots whose full chunks may be this one's (the ring, beside the cacher's dispatch log). */
  private readonly alongside: EventSlots | null;
  /** Every full chunk so far was one of `alongside`'s. */
  private allAlongside: boolean;

  constructor(shared: PodBodies, alongside: EventSlots | null = null) {
    this.shared = shared;
    this.alongside = alongside;
    this.allAlongside = alongside !== null;
  }

  /** Every full chunk held is one `alongside` held when it was sealed (so it costs no more). */
  get sealedAlongside(): boolean {
    return this.allAlongside;
  }

  /** Slots the chunks occupy (the memory the ring holds, whatever its window). */
  get heldSlots(): number {
    return this.chunks.length * CHUNK;
  }

  /** The absolute indexes [from, to) of the full chunks, which runs of one scenario share. */
  sealed(endIndex: number): { from: number; to: number } {
    return sealedSpan(this.firstChunk, this.chunks.length, endIndex);
  }

  /** The event at `index`, made from the columns; null when its slot is empty. */
  get(index: number): WatchCacheEvent | null {
    const chunk = this.chunks[chunkOf(index) - this.firstChunk];
    if (chunk === undefined) return null;
    const slot = slotOf(index);
    const key = chunk.keys[slot] ?? null;
    if (key === null) return null;
    const rv = chunk.rvs.get(slot);
    const code = defined(chunk.types[slot]);
    const body = chunk.bodies[slot] ?? null;
    const prevBody = chunk.prevBodies[slot] ?? null;
    return {
      type: defined(TYPES[code & ~OWN_RV]),
      key,
      rv,
      recordTimeNs: defined(chunk.times[slot]),
      object: body === null || (code & OWN_RV) !== 0 ? body : withRv(body, rv),
      prevObject: prevBody === null ? null : withRv(prevBody, chunk.prevRvs.get(slot)),
    };
  }

  /** Writes the event at `index`, which is above every index written before. */
  set(index: number, event: WatchCacheEvent): void {
    const chunkIndex = chunkOf(index);
    if (this.chunks.length === 0) this.firstChunk = chunkIndex;
    while (this.firstChunk + this.chunks.length <= chunkIndex) this.chunks.push(newChunk());
    const last = this.chunks.length - 1;
    const chunk = defined(this.chunks[last]);
    const slot = slotOf(index);
    const { key, object, prevObject } = event;
    const ownRv = object !== null && object.rv !== event.rv;
    chunk.rvs.set(slot, event.rv);
    chunk.times[slot] = event.recordTimeNs;
    chunk.types[slot] = TYPE_CODES[event.type] | (ownRv ? OWN_RV : 0);
    chunk.keys[slot] = key;
    chunk.prevRvs.set(slot, prevObject?.rv ?? 0);
    // The previous body first: while the key's body is unchanged both are the shared one.
    chunk.prevBodies[slot] = prevObject === null ? null : this.shared.share(key, prevObject);
    chunk.bodies[slot] = object === null || ownRv ? object : this.shared.share(key, object);
    if (slot === CHUNK_MASK) this.chunks[last] = this.seal(chunkIndex, chunk);
  }

  /** A full chunk: `alongside`'s at its index when equal, else the process's kept copy. */
  private seal(index: number, chunk: Chunk): Chunk {
    const theirs = this.alongside?.chunks[index - this.alongside.firstChunk];
    if (theirs !== undefined && sameChunk(theirs, chunk)) return theirs;
    this.allAlongside = false;
    return sealed.seal(index, chunk);
  }

  /** No index below `index` will be read again: the chunks wholly below it go. */
  dropBefore(index: number): void {
    const dead = Math.min(chunkOf(index) - this.firstChunk, this.chunks.length);
    if (dead <= 0) return;
    this.chunks.splice(0, dead);
    this.firstChunk += dead;
  }

  /** The RV of the event at `index`, which must hold one. */
  rvAt(index: number): number {
    return defined(this.chunks[chunkOf(index) - this.firstChunk]).rvs.get(slotOf(index));
  }

  /** The record time of the event at `index`, which must hold one. */
  recordTimeAt(index: number): number {
    const chunk = defined(this.chunks[chunkOf(index) - this.firstChunk]);
    return defined(chunk.times[slotOf(index)]);
  }
}
