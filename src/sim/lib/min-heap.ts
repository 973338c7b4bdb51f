// A binary min-heap ordered by two numbers per item: a key (a time, a target RV) and a sequence
// that breaks ties (insertion order). The scheduler's events, etcd's in-service range jobs and the
// late parked reads sit on it. The order is data, not a comparator: three heaps sharing one
// comparator call site made it polymorphic, so V8 called it at every level instead of inlining a
// comparison (benchmark (b) spent 3 % of its CPU there).
//
// The heap orders slot numbers, not the items: an item is stored once, in its slot, when pushed.
// Moving items up and down the heap stored an object pointer per level into an array the
// collector had promoted, and each such store of a young item ran the write barrier's slow path
// (benchmark (b): 1.6 % of its instructions, from the scheduler's pops and pushes).

import { defined } from "./at.ts";

const INITIAL_CAPACITY = 64;

export class MinHeap<T> {
  /** Items by slot; a popped item's slot is emptied and reused. */
  private readonly slots: (T | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Heap order: position → slot, key and sequence. */
  private order = new Int32Array(INITIAL_CAPACITY);
  private keys = new Float64Array(INITIAL_CAPACITY);
  private seqs = new Float64Array(INITIAL_CAPACITY);
  private count = 0;

  get size(): number {
    return this.count;
  }

  peek(): T | undefined {
    return this.count === 0 ? undefined : this.slots[defined(this.order[0])];
  }

  /** Every element, in heap (not sorted) order. */
  values(): readonly T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) out.push(defined(this.slots[defined(this.order[i])]));
    return out;
  }

  /** Keeps only the elements `keep` accepts, then restores the heap order (O(n log n)). */
  retain(keep: (item: T) => boolean): void {
    const kept: [T, number, number][] = [];
    for (let i = 0; i < this.count; i++) {
      const item = defined(this.slots[defined(this.order[i])]);
      if (keep(item)) kept.push([item, defined(this.keys[i]), defined(this.seqs[i])]);
    }
    this.slots.length = 0;
    this.freeSlots.length = 0;
    this.count = 0;
    for (const [item, key, seq] of kept) this.push(item, key, seq);
  }

  /** Adds `item`, ordered by `key`, then `seq` (the lower first). */
  push(item: T, key: number, seq: number): void {
    if (this.count === this.keys.length) this.grow();
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = item;
    const order = this.order;
    const keys = this.keys;
    const seqs = this.seqs;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = defined(keys[parent]);
      const ps = defined(seqs[parent]);
      if (!(key < pk || (key === pk && seq < ps))) break;
      order[i] = defined(order[parent]);
      keys[i] = pk;
      seqs[i] = ps;
      i = parent;
    }
    order[i] = slot;
    keys[i] = key;
    seqs[i] = seq;
  }

  pop(): T | undefined {
    if (this.count === 0) return undefined;
    const order = this.order;
    const keys = this.keys;
    const seqs = this.seqs;
    const topSlot = defined(order[0]);
    const top = this.slots[topSlot];
    this.slots[topSlot] = undefined;
    this.freeSlots.push(topSlot);
    const n = --this.count;
    if (n === 0) return top;
    // The last position's entry sinks from the root.
    const slot = defined(order[n]);
    const key = defined(keys[n]);
    const seq = defined(seqs[n]);
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      let ck = defined(keys[left]);
      let cs = defined(seqs[left]);
      if (right < n) {
        const rk = defined(keys[right]);
        const rs = defined(seqs[right]);
        if (rk < ck || (rk === ck && rs < cs)) {
          child = right;
          ck = rk;
          cs = rs;
        }
      }
      if (!(ck < key || (ck === key && cs < seq))) break;
      order[i] = defined(order[child]);
      keys[i] = ck;
      seqs[i] = cs;
      i = child;
    }
    order[i] = slot;
    keys[i] = key;
    seqs[i] = seq;
    return top;
  }

  private grow(): void {
    const order = new Int32Array(this.order.length * 2);
    const keys = new Float64Array(this.keys.length * 2);
    const seqs = new Float64Array(this.seqs.length * 2);
    order.set(this.order);
    keys.set(this.keys);
    seqs.set(this.seqs);
    this.order = order;
    this.keys = keys;
    this.seqs = seqs;
  }
}
