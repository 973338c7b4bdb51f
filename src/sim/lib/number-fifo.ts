// A first-in first-out queue of numbers in a growable Float64Array ring: 8 bytes an item, where
// `Fifo<number>` takes a pointer and, for a value that is not a small integer (a time in
// nanoseconds), a boxed number the garbage collector must visit. Bounded by `limit` as `Fifo` is.

const INITIAL_SLOTS = 16;

export class NumberFifo {
  private items = new Float64Array(INITIAL_SLOTS);
  private head = 0;
  private count = 0;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get length(): number {
    return this.count;
  }

  /** Items the ring has room for, held or not: what it occupies in memory (8 bytes each). */
  get capacity(): number {
    return this.items.length;
  }

  /** The head item, or undefined when empty. */
  peek(): number | undefined {
    return this.count === 0 ? undefined : this.items[this.head];
  }

  /** The item `offset` places behind the head. */
  at(offset: number): number | undefined {
    if (offset < 0 || offset >= this.count) return undefined;
    return this.items[(this.head + offset) % this.items.length];
  }

  /** Replaces the item `offset` places behind the head. */
  replace(offset: number, item: number): void {
    if (offset < 0 || offset >= this.count) throw new Error(`number fifo: no item at ${offset}`);
    this.items[(this.head + offset) % this.items.length] = item;
  }

  push(item: number): void {
    if (this.count === this.limit) throw new Error(`fifo: more than ${this.limit} items queued`);
    if (this.count === this.items.length) this.grow();
    this.items[(this.head + this.count) % this.items.length] = item;
    this.count++;
  }

  shift(): number | undefined {
    if (this.count === 0) return undefined;
    const item = this.items[this.head];
    this.head = (this.head + 1) % this.items.length;
    this.count--;
    return item;
  }

  /** Empties the queue and gives its memory back. */
  clear(): void {
    this.items = new Float64Array(INITIAL_SLOTS);
    this.head = 0;
    this.count = 0;
  }

  private grow(): void {
    const size = this.items.length;
    const next = new Float64Array(size * 2);
    next.set(this.items.subarray(this.head));
    next.set(this.items.subarray(0, this.head), size - this.head);
    this.items = next;
    this.head = 0;
  }
}
