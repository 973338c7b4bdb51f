import { assert } from "../lib/assert.ts";
import { defined } from "../lib/at.ts";
import { MinHeap } from "../lib/min-heap.ts";

// Parked reads in (target RV, arrival) order, as the wake-ups need them. Most reads park with a
// target above every queued one (etcd's revision when they were sent): those append to a sorted
// array, O(1), and popping takes its head. One that lands just before the tail (a consistent
// read whose current-RV request took a few ms) is spliced in: a short shift is cheaper than a
// heap. The others (far back: its current-RV request waited in etcd's queue while thousands of
// newer reads parked) go to a binary heap, O(log n); splicing those shifted the array, O(n) per
// park and a third of the largest scenario's run. The head is the lesser of the two heads.

export interface QueuedWaiter {
  readonly targetRv: number;
  /** Increases with every park: ties on the target go in arrival order. */
  readonly seq: number;
  readonly done: boolean;
}

/** How far from the tail a late waiter is still spliced into the array. */
const SPLICE_MAX_SHIFT = 32;

const before = (a: QueuedWaiter, b: QueuedWaiter): boolean =>
  a.targetRv < b.targetRv || (a.targetRv === b.targetRv && a.seq < b.seq);

export class WaiterQueue<W extends QueuedWaiter> {
  /** Queued waiters from `head` on; the slots before it are emptied (undefined) as they pop. */
  private items: (W | undefined)[] = [];
  private head = 0;
  private lastSeq = Number.NEGATIVE_INFINITY;
  private late = new MinHeap<W>();

  get size(): number {
    return this.items.length - this.head + this.late.size;
  }

  peek(): W | undefined {
    const sorted = this.items[this.head];
    const late = this.late.peek();
    if (late === undefined) return sorted;
    return sorted === undefined || before(late, sorted) ? late : sorted;
  }

  /** Adds a waiter whose `seq` is above every queued one's. */
  push(waiter: W): void {
    if (!(waiter.seq > this.lastSeq)) throw new Error("waiters: a park's seq went back");
    this.lastSeq = waiter.seq;
    const items = this.items;
    // The first queued waiter with a higher target, looked for near the tail (its seq is the
    // highest, so an equal target sorts after).
    let at = items.length;
    const stop = Math.max(this.head, items.length - SPLICE_MAX_SHIFT);
    while (at > stop && defined(items[at - 1]).targetRv > waiter.targetRv) at--;
    if (at === items.length) items.push(waiter);
    else if (at > stop || at === this.head) insertAt(items, at, waiter);
    else this.late.push(waiter, waiter.targetRv, waiter.seq);
  }

  pop(): W | undefined {
    const top = this.peek();
    if (top === undefined) return undefined;
    if (top === this.late.peek()) {
      this.late.pop();
      return top;
    }
    this.items[this.head++] = undefined;
    assert(this.head <= this.items.length, "waiter queue: the head stays within the array");
    if (this.head === this.items.length) {
      this.items.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      dropFirst(this.items, this.head);
      this.head = 0;
    }
    return top;
  }

  /** Keeps only the waiters `keep` accepts, in order (O(n)). */
  retain(keep: (waiter: W) => boolean): void {
    // From the head on every slot holds a waiter.
    this.items = this.items.slice(this.head).filter((w): w is W => w !== undefined && keep(w));
    this.head = 0;
    this.late.retain(keep);
  }
}

// By hand rather than with `splice`: the builtin's generic path (and the array of removed items
// it returns) cost about 1 400 instructions per park that lands before the tail, a third of them.

/** Inserts `item` at `at`, shifting the (at most SPLICE_MAX_SHIFT) items after it by one. */
function insertAt<W>(items: W[], at: number, item: W): void {
  items.push(item);
  for (let i = items.length - 1; i > at; i--) items[i] = defined(items[i - 1]);
  items[at] = item;
}

/** Removes the first `n` items, moving the rest to the front. */
export function dropFirst<W>(items: W[], n: number): void {
  const kept = items.length - n;
  for (let i = 0; i < kept; i++) items[i] = defined(items[i + n]);
  items.length = kept;
}
