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

// One column of entries, not one typed array per field: V8 reloads a typed array's length and
// data pointer at every access (it hoists no loads out of the sift loops), so a level of a sift
// paid that three times over. Inside the sift loops every position is below `count`, which never
// exceeds the capacity (`grow`), so their reads are in range by construction and go unchecked:
// an inlined `defined` still compared the function it calls at every read, a third of a level.

export class MinHeap<T> {
  /** Items by slot; a popped item's slot is emptied and reused. */
  private readonly slots: (T | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /**
   * Heap order: position p's key, sequence and item's slot at 3p, 3p + 1 and 3p + 2. Written as
   * literals: a module's named constant is a variable V8 loads at every use in the bundle.
   */
  private entries = new Float64Array(INITIAL_CAPACITY * 3);
  private count = 0;

  get size(): number {
    return this.count;
  }

  peek(): T | undefined {
    return this.count === 0 ? undefined : this.slots[defined(this.entries[2])];
  }

  /** The least key, or undefined when empty. */
  peekKey(): number | undefined {
    return this.count === 0 ? undefined : this.entries[0];
  }

  /** Every element, in heap (not sorted) order. */
  values(): readonly T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) {
      out.push(defined(this.slots[defined(this.entries[3 * i + 2])]));
    }
    return out;
  }

  /**
   * Keeps only the elements `keep` accepts, in place, then restores the heap order bottom-up
   * (O(n)). Pops come in (key, seq) order whatever the layout, so where no two entries tie on
   * both (the parked reads' sequences are unique) they come in the same order as before.
   */
  retain(keep: (item: T) => boolean): void {
    const e = this.entries;
    let kept = 0;
    for (let i = 0; i < this.count; i++) {
      const slot = e[3 * i + 2] as number;
      if (!keep(defined(this.slots[slot]))) {
        this.slots[slot] = undefined;
        this.freeSlots.push(slot);
        continue;
      }
      const to = 3 * kept++;
      e[to] = e[3 * i] as number;
      e[to + 1] = e[3 * i + 1] as number;
      e[to + 2] = slot;
    }
    this.count = kept;
    for (let i = (kept >> 1) - 1; i >= 0; i--) {
      const at = 3 * i;
      this.sink(i, e[at] as number, e[at + 1] as number, e[at + 2] as number);
    }
  }

  /** Adds `item`, ordered by `key`, then `seq` (the lower first). */
  push(item: T, key: number, seq: number): void {
    if (this.count * 3 === this.entries.length) this.grow();
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = item;
    const e = this.entries;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const at = 3 * parent;
      const pk = e[at] as number;
      const ps = e[at + 1] as number;
      if (!(key < pk || (key === pk && seq < ps))) break;
      const to = 3 * i;
      e[to] = pk;
      e[to + 1] = ps;
      e[to + 2] = e[at + 2] as number;
      i = parent;
    }
    const to = 3 * i;
    e[to] = key;
    e[to + 1] = seq;
    e[to + 2] = slot;
  }

  pop(): T | undefined {
    if (this.count === 0) return undefined;
    const e = this.entries;
    const topSlot = e[2] as number;
    const top = this.slots[topSlot];
    this.slots[topSlot] = undefined;
    this.freeSlots.push(topSlot);
    const n = --this.count;
    if (n === 0) return top;
    // The last position's entry sinks from the root.
    const last = 3 * n;
    this.sink(0, e[last] as number, e[last + 1] as number, e[last + 2] as number);
    return top;
  }

  /** Moves the entry (key, seq, slot) down from position `from` to where it belongs. */
  private sink(from: number, key: number, seq: number, slot: number): void {
    const e = this.entries;
    const n = this.count;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      let ck = e[3 * left] as number;
      let cs = e[3 * left + 1] as number;
      if (right < n) {
        const rk = e[3 * right] as number;
        const rs = e[3 * right + 1] as number;
        if (rk < ck || (rk === ck && rs < cs)) {
          child = right;
          ck = rk;
          cs = rs;
        }
      }
      if (!(ck < key || (ck === key && cs < seq))) break;
      const to = 3 * i;
      e[to] = ck;
      e[to + 1] = cs;
      e[to + 2] = e[3 * child + 2] as number;
      i = child;
    }
    const to = 3 * i;
    e[to] = key;
    e[to + 1] = seq;
    e[to + 2] = slot;
  }

  private grow(): void {
    const entries = new Float64Array(this.entries.length * 2);
    entries.set(this.entries);
    this.entries = entries;
  }
}
