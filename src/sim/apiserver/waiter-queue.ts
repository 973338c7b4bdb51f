// Parked reads in (target RV, arrival) order, as the wake-ups need them. Reads park with targets
// that mostly grow (etcd's revision when they were sent), so a sorted array with binary-search
// insertion costs O(log n) and, nearly always, no shift; popping takes the head. Cheaper than a
// binary heap with a comparator call per level, which was a tenth of a heavy run.

import { assert } from "../lib/assert.ts";
import { defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";

export interface QueuedWaiter {
  readonly targetRv: number;
  /** Increases with every park: ties on the target go in arrival order. */
  readonly seq: number;
  readonly done: boolean;
}

export class WaiterQueue<W extends QueuedWaiter> {
  private items: W[] = [];
  private head = 0;
  private lastSeq = Number.NEGATIVE_INFINITY;

  get size(): number {
    return this.items.length - this.head;
  }

  peek(): W | undefined {
    return this.items[this.head];
  }

  /** Adds a waiter whose `seq` is above every queued one's. */
  push(waiter: W): void {
    if (!(waiter.seq > this.lastSeq)) throw new Error("waiters: a park's seq went back");
    this.lastSeq = waiter.seq;
    const items = this.items;
    // The first queued waiter with a higher target (the new one is the newest of its target).
    const target = waiter.targetRv;
    const lo = bisect(this.head, items.length, (i) => defined(items[i]).targetRv > target);
    if (lo === items.length) items.push(waiter);
    else items.splice(lo, 0, waiter);
  }

  pop(): W | undefined {
    const top = this.items[this.head];
    if (top === undefined) return undefined;
    this.items[this.head++] = undefined as unknown as W;
    assert(this.head <= this.items.length, "waiter queue: the head stays within the array");
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    return top;
  }

  /** Keeps only the waiters `keep` accepts, in order (O(n)). */
  retain(keep: (waiter: W) => boolean): void {
    this.items = this.items.slice(this.head).filter(keep);
    this.head = 0;
  }
}
