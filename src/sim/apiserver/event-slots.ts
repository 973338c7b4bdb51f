// Storage for the history ring's events by absolute index. Upstream allocates `capacity` slots up
// front; with long request timeouts the capacity bound reaches 1.6 G slots, so the backing array
// here is sized by occupancy (a power of two, never above the capacity) and re-laid-out as the
// ring fills. When it equals the capacity the layout is upstream's: index i in slot i % capacity.

const MIN_BACKING_SLOTS = 128;

export class EventSlots<T> {
  private readonly items: (T | null)[];

  constructor(lengthSlots: number) {
    if (!Number.isSafeInteger(lengthSlots) || lengthSlots < 1) {
      throw new Error(`EventSlots: length ${lengthSlots} is not a positive integer`);
    }
    this.items = new Array<T | null>(lengthSlots).fill(null);
  }

  get lengthSlots(): number {
    return this.items.length;
  }

  get(index: number): T | null {
    return this.items[index % this.items.length] ?? null;
  }

  set(index: number, item: T | null): void {
    this.items[index % this.items.length] = item;
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
