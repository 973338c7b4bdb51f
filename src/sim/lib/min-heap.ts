// A binary min-heap under a caller's ordering; ties are the caller's to break (e.g. by sequence).
// The scheduler's event queue and etcd's in-service range jobs both sit on it.

import { defined } from "./at.ts";

export class MinHeap<T> {
  private readonly items: T[] = [];
  private readonly before: (a: T, b: T) => boolean;

  constructor(before: (a: T, b: T) => boolean) {
    this.before = before;
  }

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

  /** Keeps only the elements `keep` accepts, then restores the heap order (O(n)). */
  retain(keep: (item: T) => boolean): void {
    const kept = this.items.filter(keep);
    this.items.length = 0;
    for (const item of kept) this.push(item);
  }

  push(item: T): void {
    const items = this.items;
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = defined(items[parent]);
      if (!this.before(item, p)) break;
      items[i] = p;
      i = parent;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    const n = items.length;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child =
        right < n && this.before(defined(items[right]), defined(items[left])) ? right : left;
      const c = defined(items[child]);
      if (!this.before(c, last)) break;
      items[i] = c;
      i = child;
    }
    items[i] = last;
    return top;
  }
}
