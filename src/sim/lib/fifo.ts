// A first-in first-out queue over a growable ring: O(1) push and shift without the array
// re-indexing `Array.prototype.shift` costs on long queues. Bounded by `limit`: a queue that
// would grow past it is a runaway in the model, and that is a bug worth failing loudly on.

export class Fifo<T> {
  private items: (T | undefined)[] = new Array<T | undefined>(16);
  private head = 0;
  private count = 0;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get length(): number {
    return this.count;
  }

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
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.items.length;
    this.count--;
    return item;
  }

  clear(): void {
    while (this.count > 0) this.shift();
  }

  private grow(): void {
    const next = new Array<T | undefined>(this.items.length * 2);
    for (let i = 0; i < this.count; i++) next[i] = this.items[(this.head + i) % this.items.length];
    this.items = next;
    this.head = 0;
  }
}
