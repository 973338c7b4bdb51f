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
/** An entry's fields in `entries`: position p's field f is at `ENTRY * p + f`. */
const ENTRY = 3;
const KEY = 0;
const SEQ = 1;
const SLOT = 2;

// One column of entries, not one typed array per field: V8 reloads a typed array's length and
// data pointer at every access (it hoists no loads out of the sift loops), so a level of a sift
// paid that three times over. Inside the sift loops every position is below `count`, which never
// exceeds the capacity (`grow`), so their reads are in range by construction and go unchecked:
// an inlined `defined` still compared the function it calls at every read, a third of a level.

export class MinHeap<T> {
  /** Items by slot; a popped item's slot is emptied and reused. */
  private readonly slots: (T | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Heap order: position p's key, sequence and item's slot, at `ENTRY * p` + KEY, SEQ, SLOT. */
  private entries = new Float64Array(INITIAL_CAPACITY * ENTRY);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Entries the heap has room for, held or not: what it occupies in memory. */
  get capacity(): number {
    return this.entries.length / ENTRY;
  }

  peek(): T | undefined {
    return this.count === 0 ? undefined : this.slots[defined(this.entries[SLOT])];
  }

  /** The least key, or undefined when empty. */
  peekKey(): number | undefined {
    return this.count === 0 ? undefined : this.entries[KEY];
  }

  /** Every element, in heap (not sorted) order. */
  values(): readonly T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) {
      out.push(defined(this.slots[defined(this.entries[ENTRY * i + SLOT])]));
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
      const slot = e[ENTRY * i + SLOT] as number;
      if (!keep(defined(this.slots[slot]))) {
        this.slots[slot] = undefined;
        this.freeSlots.push(slot);
        continue;
      }
      const to = ENTRY * kept++;
      e[to + KEY] = e[ENTRY * i + KEY] as number;
      e[to + SEQ] = e[ENTRY * i + SEQ] as number;
      e[to + SLOT] = slot;
    }
    this.count = kept;
    for (let i = (kept >> 1) - 1; i >= 0; i--) {
      const at = ENTRY * i;
      this.sink(i, e[at + KEY] as number, e[at + SEQ] as number, e[at + SLOT] as number);
    }
  }

  /** Adds `item`, ordered by `key`, then `seq` (the lower first). */
  push(item: T, key: number, seq: number): void {
    if (this.count * ENTRY === this.entries.length) this.grow();
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = item;
    const e = this.entries;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const at = ENTRY * parent;
      const pk = e[at + KEY] as number;
      const ps = e[at + SEQ] as number;
      if (!(key < pk || (key === pk && seq < ps))) break;
      const to = ENTRY * i;
      e[to + KEY] = pk;
      e[to + SEQ] = ps;
      e[to + SLOT] = e[at + SLOT] as number;
      i = parent;
    }
    const to = ENTRY * i;
    e[to + KEY] = key;
    e[to + SEQ] = seq;
    e[to + SLOT] = slot;
  }

  pop(): T | undefined {
    if (this.count === 0) return undefined;
    const e = this.entries;
    const topSlot = e[SLOT] as number;
    const top = this.slots[topSlot];
    this.slots[topSlot] = undefined;
    this.freeSlots.push(topSlot);
    const n = --this.count;
    if (n === 0) return top;
    // The last position's entry sinks from the root.
    const last = ENTRY * n;
    this.sink(0, e[last + KEY] as number, e[last + SEQ] as number, e[last + SLOT] as number);
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
      let ck = e[ENTRY * left + KEY] as number;
      let cs = e[ENTRY * left + SEQ] as number;
      if (right < n) {
        const rk = e[ENTRY * right + KEY] as number;
        const rs = e[ENTRY * right + SEQ] as number;
        if (rk < ck || (rk === ck && rs < cs)) {
          child = right;
          ck = rk;
          cs = rs;
        }
      }
      if (!(ck < key || (ck === key && cs < seq))) break;
      const to = ENTRY * i;
      e[to + KEY] = ck;
      e[to + SEQ] = cs;
      e[to + SLOT] = e[ENTRY * child + SLOT] as number;
      i = child;
    }
    const to = ENTRY * i;
    e[to + KEY] = key;
    e[to + SEQ] = seq;
    e[to + SLOT] = slot;
  }

  private grow(): void {
    const entries = new Float64Array(this.entries.length * 2);
    entries.set(this.entries);
    this.entries = entries;
  }
}
