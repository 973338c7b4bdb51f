// Storage for the history ring's events by absolute index. Upstream allocates `capacity` slots up
// front; with long request timeouts the capacity bound reaches 1.6 G slots, so the backing array
// here is sized by occupancy (a power of two, never above the capacity) and re-laid-out as the
// ring fills. When it equals the capacity the layout is upstream's: index i in slot i % capacity.

import { at } from "../lib/at.ts";

const MIN_BACKING_SLOTS = 128;

export class EventSlots<T extends { readonly recordTimeNs: number }> {
  private readonly items: (T | null)[];
  /** Each slot's record time: every append's resize check reads two, without the cold events. */
  private readonly times: Float64Array;

  constructor(lengthSlots: number) {
    if (!Number.isSafeInteger(lengthSlots) || lengthSlots < 1) {
      throw new Error(`EventSlots: length ${lengthSlots} is not a positive integer`);
    }
    this.items = new Array<T | null>(lengthSlots).fill(null);
    this.times = new Float64Array(lengthSlots);
  }

  get lengthSlots(): number {
    return this.items.length;
  }

  get(index: number): T | null {
    return this.items[index % this.items.length] ?? null;
  }

  set(index: number, item: T | null): void {
    const slot = index % this.items.length;
    this.items[slot] = item;
    if (item !== null) this.times[slot] = item.recordTimeNs;
  }

  /** The record time of the item at `index`, which must hold one. */
  recordTimeAt(index: number): number {
    return at(this.times, index % this.times.length);
  }

  /** A new backing of `lengthSlots` holding the items at absolute indexes [start, end). */
  relaidOut(startIndex: number, endIndex: number, lengthSlots: number): EventSlots<T> {
    if (endIndex - startIndex > lengthSlots) {
      throw new Error(`EventSlots: ${endIndex - startIndex} items do not fit ${lengthSlots} slots`);
    }
    const next = new EventSlots<T>(lengthSlots);
    for (let i = startIndex; i < endIndex; i++) next.set(i, this.get(i));
    return next;
  }
}

/** Backing slots for `sizeEvents` live events in a ring of `capacity` logical slots. */
export function backingSlotsFor(sizeEvents: number, capacity: number): number {
  let slots = MIN_BACKING_SLOTS;
  while (slots < sizeEvents) slots *= 2;
  return Math.min(slots, capacity);
}
