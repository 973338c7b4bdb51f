// A binary min-heap ordered by two numbers per item: a key (a time, a target RV) and a sequence
// that breaks ties (insertion order). The scheduler's events, etcd's in-service range jobs and the
// late parked reads sit on it. The order is data, not a comparator: three heaps sharing one
// comparator call site made it polymorphic, so V8 called it at every level instead of inlining a
// comparison (benchmark (b) spent 3 % of its CPU there).

import { defined } from "./at.ts";

const INITIAL_CAPACITY = 64;

export class MinHeap<T> {
  private readonly items: T[] = [];
  private keys = new Float64Array(INITIAL_CAPACITY);
  private seqs = new Float64Array(INITIAL_CAPACITY);

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  /** Every element, in heap (not sorted) order. */
  values(): readonly T[] {
    return this.items;
  }

  /** Keeps only the elements `keep` accepts, then restores the heap order (O(n log n)). */
  retain(keep: (item: T) => boolean): void {
    const kept: [T, number, number][] = [];
    for (let i = 0; i < this.items.length; i++) {
      const item = defined(this.items[i]);
      if (keep(item)) kept.push([item, defined(this.keys[i]), defined(this.seqs[i])]);
    }
    this.items.length = 0;
    for (const [item, key, seq] of kept) this.push(item, key, seq);
  }

  /** Adds `item`, ordered by `key`, then `seq` (the lower first). */
  push(item: T, key: number, seq: number): void {
    const items = this.items;
    let i = items.length;
    if (i === this.keys.length) this.grow();
    const keys = this.keys;
    const seqs = this.seqs;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = defined(keys[parent]);
      const ps = defined(seqs[parent]);
      if (!(key < pk || (key === pk && seq < ps))) break;
      items[i] = defined(items[parent]);
      keys[i] = pk;
      seqs[i] = ps;
      i = parent;
    }
    items[i] = item;
    keys[i] = key;
    seqs[i] = seq;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    const keys = this.keys;
    const seqs = this.seqs;
    const n = items.length;
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
      items[i] = defined(items[child]);
      keys[i] = ck;
      seqs[i] = cs;
      i = child;
    }
    items[i] = last;
    keys[i] = key;
    seqs[i] = seq;
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const seqs = new Float64Array(this.seqs.length * 2);
    keys.set(this.keys);
    seqs.set(this.seqs);
    this.keys = keys;
    this.seqs = seqs;
  }
}
