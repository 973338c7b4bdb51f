// Storage for the history ring's events by absolute index. Upstream allocates `capacity` slots up
// front; with long request timeouts the capacity bound reaches 1.6 G slots, so the backing here
// is sized by occupancy (a power of two, never above the capacity) and re-laid-out as the ring
// fills. When it equals the capacity the layout is upstream's: index i in slot i % capacity.
//
// The slots are columns of what the ring's readers read (RV, record time, type, key) and of each
// version's rv and shared body (pod-bodies.ts), not an event object and a pod per event: a ring of
// 3 million events holds about 29 bytes each in Chromium (RVs in 4 bytes, rv-column.ts). An event is made again (`get`) only
// where a read returns it (a watch starting from the history).

import { defined } from "../lib/at.ts";
import type { Pod } from "../storage/pod.ts";
import { type PodBodies, withRv } from "./pod-bodies.ts";
import { RvColumn } from "./rv-column.ts";
import type { WatchCacheEvent, WatchEventType } from "./watch-cache-event.ts";

const MIN_BACKING_SLOTS = 128;
const TYPES: readonly WatchEventType[] = ["ADDED", "MODIFIED", "DELETED"];
const TYPE_CODES: Readonly<Record<WatchEventType, number>> = { ADDED: 0, MODIFIED: 1, DELETED: 2 };
/** Flag in the type byte: the object is kept as given, its rv not the event's (tests only). */
const OWN_RV = 4;

export class EventSlots {
  private readonly rvs: RvColumn;
  private readonly times: Float64Array;
  private readonly types: Uint8Array;
  /** null: the slot holds no event. */
  private readonly keys: (string | null)[];
  private readonly bodies: (Pod | null)[];
  /** The previous object's rv and body; its body is null when there was none. */
  private readonly prevRvs: RvColumn;
  private readonly prevBodies: (Pod | null)[];
  private readonly shared: PodBodies;

  constructor(lengthSlots: number, shared: PodBodies) {
    if (!Number.isSafeInteger(lengthSlots) || lengthSlots < 1) {
      throw new Error(`EventSlots: length ${lengthSlots} is not a positive integer`);
    }
    this.shared = shared;
    this.rvs = new RvColumn(lengthSlots);
    this.times = new Float64Array(lengthSlots);
    this.types = new Uint8Array(lengthSlots);
    this.keys = new Array<string | null>(lengthSlots).fill(null);
    this.bodies = new Array<Pod | null>(lengthSlots).fill(null);
    this.prevRvs = new RvColumn(lengthSlots);
    this.prevBodies = new Array<Pod | null>(lengthSlots).fill(null);
  }

  get lengthSlots(): number {
    return this.keys.length;
  }

  /** The event at `index`, made from the columns; null when its slot is empty. */
  get(index: number): WatchCacheEvent | null {
    const slot = index % this.keys.length;
    const key = this.keys[slot] ?? null;
    if (key === null) return null;
    const rv = this.rvs.get(slot);
    const code = defined(this.types[slot]);
    const body = this.bodies[slot] ?? null;
    const prevBody = this.prevBodies[slot] ?? null;
    return {
      type: defined(TYPES[code & ~OWN_RV]),
      key,
      rv,
      recordTimeNs: defined(this.times[slot]),
      object: body === null || (code & OWN_RV) !== 0 ? body : withRv(body, rv),
      prevObject: prevBody === null ? null : withRv(prevBody, this.prevRvs.get(slot)),
    };
  }

  set(index: number, event: WatchCacheEvent): void {
    const slot = index % this.keys.length;
    const { key, object, prevObject } = event;
    const ownRv = object !== null && object.rv !== event.rv;
    this.rvs.set(slot, event.rv);
    this.times[slot] = event.recordTimeNs;
    this.types[slot] = TYPE_CODES[event.type] | (ownRv ? OWN_RV : 0);
    this.keys[slot] = key;
    this.prevRvs.set(slot, prevObject?.rv ?? 0);
    // The previous body first: while the key's body is unchanged both are the shared one.
    this.prevBodies[slot] = prevObject === null ? null : this.shared.share(key, prevObject);
    this.bodies[slot] = object === null || ownRv ? object : this.shared.share(key, object);
  }

  /** Empties the slot of `index`, so its bodies can be collected. */
  clear(index: number): void {
    const slot = index % this.keys.length;
    this.keys[slot] = null;
    this.bodies[slot] = null;
    this.prevBodies[slot] = null;
  }

  /** The RV of the event at `index`, which must hold one. */
  rvAt(index: number): number {
    return this.rvs.get(index % this.keys.length);
  }

  /** The record time of the event at `index`, which must hold one. */
  recordTimeAt(index: number): number {
    return defined(this.times[index % this.times.length]);
  }

  /** A new backing of `lengthSlots` holding the events at absolute indexes [start, end). */
  relaidOut(startIndex: number, endIndex: number, lengthSlots: number): EventSlots {
    if (endIndex - startIndex > lengthSlots) {
      throw new Error(`EventSlots: ${endIndex - startIndex} items do not fit ${lengthSlots} slots`);
    }
    const next = new EventSlots(lengthSlots, this.shared);
    const from = this.keys.length;
    for (let i = startIndex; i < endIndex; i++) {
      const a = i % from;
      const b = i % lengthSlots;
      next.rvs.set(b, this.rvs.get(a));
      next.times[b] = defined(this.times[a]);
      next.types[b] = defined(this.types[a]);
      next.keys[b] = this.keys[a] ?? null;
      next.bodies[b] = this.bodies[a] ?? null;
      next.prevRvs.set(b, this.prevRvs.get(a));
      next.prevBodies[b] = this.prevBodies[a] ?? null;
    }
    return next;
  }
}

/** Backing slots for `sizeEvents` live events in a ring of `capacity` logical slots. */
export function backingSlotsFor(sizeEvents: number, capacity: number): number {
  let slots = MIN_BACKING_SLOTS;
  while (slots < sizeEvents) slots *= 2;
  return Math.min(slots, capacity);
}
