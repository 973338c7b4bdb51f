// A first-in first-out queue over a growable ring: O(1) push and shift without the array
// re-indexing `Array.prototype.shift` costs on long queues. Bounded by `limit`: a queue that
// would grow past it is a runaway in the model, and that is a bug worth failing loudly on.
// The ring keeps its items in whatever storage `makeSlots` gives: a plain array here, a
// Float64Array from `numberFifo`.

const INITIAL_SLOTS = 16;

/** Where a ring keeps its items: a plain array, or a typed array of numbers. */
export interface Slots<T> {
  readonly length: number;
  [index: number]: T | undefined;
}

const arraySlots = <T>(size: number): Slots<T> => new Array<T | undefined>(size);

export class Fifo<T> {
  private items: Slots<T>;
  private head = 0;
  private count = 0;
  private readonly limit: number;
  private readonly makeSlots: (size: number) => Slots<T>;

  constructor(limit: number, makeSlots: (size: number) => Slots<T> = arraySlots) {
    this.limit = limit;
    this.makeSlots = makeSlots;
    this.items = makeSlots(INITIAL_SLOTS);
  }

  get length(): number {
    return this.count;
  }

  /** Items the ring has room for, held or not: what it occupies in memory. */
  get capacity(): number {
    return this.items.length;
  }

  /** The head item, or undefined when empty. */
  peek(): T | undefined {
    return this.count === 0 ? undefined : this.items[this.head];
  }

  /** The item `offset` places behind the head. */
  at(offset: number): T | undefined {
    if (offset < 0 || offset >= this.count) return undefined;
    return this.items[(this.head + offset) % this.items.length];
  }

  /** Replaces the item `offset` places behind the head. */
  replace(offset: number, item: T): void {
    if (offset < 0 || offset >= this.count) throw new Error(`fifo: no item at ${offset}`);
    this.items[(this.head + offset) % this.items.length] = item;
  }

  push(item: T): void {
    if (this.count === this.limit) throw new Error(`fifo: more than ${this.limit} items queued`);
    if (this.count === this.items.length) this.grow();
    this.items[(this.head + this.count) % this.items.length] = item;
    this.count++;
  }

  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.items[this.head];
    // Lets the collector take an object the queue held; a number needs no clearing, and writing
    // undefined into a Float64Array (NaN) is a slow store.
    if (typeof item === "object") this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.items.length;
    this.count--;
    // A queue that drained gives back the room it grew to: a parked run keeps its queues, and one
    // that once held 60 s of requests (request-deadlines.ts: 240 000 in the heavy run's first
    // minute) held its 262 144 slots for the rest of the run.
    if (this.count < this.items.length >> 2 && this.items.length > INITIAL_SLOTS) {
      this.resize(this.items.length >> 1);
    }
    return item;
  }

  /** Empties the queue and gives its memory back. */
  clear(): void {
    this.items = this.makeSlots(INITIAL_SLOTS);
    this.head = 0;
    this.count = 0;
  }

  private grow(): void {
    this.resize(this.items.length * 2);
  }

  private resize(size: number): void {
    const next = this.makeSlots(size);
    for (let i = 0; i < this.count; i++) next[i] = this.items[(this.head + i) % this.items.length];
    this.items = next;
    this.head = 0;
  }
}
