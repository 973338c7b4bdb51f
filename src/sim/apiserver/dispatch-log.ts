import { defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";

// The events the cacher has dispatched, in order, addressed by absolute index. Watchers are
// cursors into it: an event is appended once, however many watchers there are, and each watcher
// filters and converts it only when its client reads. Entries no cursor can reach are dropped.
// For clients that only need to catch up, it also answers "how many would a whole-resource
// watcher deliver between two positions" in O(log n), from running counts.

const COMPACT_AFTER_ENTRIES = 4096;

/** A whole-resource watcher delivers an event unless it deletes an object it never had. */
export const isDeliverable = (event: WatchCacheEvent): boolean =>
  event.type === "DELETED" ? event.prevObject !== null : event.object !== null;

export class DispatchLog {
  private items: (WatchCacheEvent | undefined)[] = [];
  /** cumulative[k]: deliverable entries at absolute indexes below base + k + 1. */
  private cumulative: number[] = [];
  private cumulativeBeforeBase = 0;
  /** Absolute index of items[0]. */
  private base = 0;
  /** Entries below this absolute index were released. */
  private firstLive = 0;
  /** The last index whose RV is not above its predecessor's (-1: RVs only ever increased). */
  private lastDecrease = -1;

  /** One past the newest entry. */
  get end(): number {
    return this.base + this.items.length;
  }

  /** Entries retained (not yet released). */
  get retained(): number {
    return this.end - this.firstLive;
  }

  append(event: WatchCacheEvent): void {
    const previous = this.items[this.items.length - 1];
    if (previous !== undefined && event.rv <= previous.rv) this.lastDecrease = this.end;
    const before = this.cumulativeBefore(this.end);
    this.items.push(event);
    this.cumulative.push(before + (isDeliverable(event) ? 1 : 0));
  }

  at(index: number): WatchCacheEvent {
    const event = index >= this.firstLive ? this.items[index - this.base] : undefined;
    if (event === undefined)
      throw new Error(`dispatch log: entry ${index} was released or never written`);
    return event;
  }

  /** RVs strictly increase over [from, end): positions can be found by RV. */
  increasingFrom(from: number): boolean {
    return this.lastDecrease <= from;
  }

  /** The first index in [from, to) whose RV is above `rv` (RVs increasing there), else `to`. */
  firstAbove(from: number, to: number, rv: number): number {
    return bisect(from, to, (i) => this.at(i).rv > rv);
  }

  /** Deliverable entries at indexes [from, to). */
  deliverableBetween(from: number, to: number): number {
    return this.cumulativeBefore(to) - this.cumulativeBefore(from);
  }

  /** No cursor will read below `index` any more. */
  releaseBefore(index: number): void {
    const upTo = Math.min(index, this.end);
    for (let i = this.firstLive; i < upTo; i++) this.items[i - this.base] = undefined;
    if (upTo > this.firstLive) this.firstLive = upTo;
    const dead = this.firstLive - this.base;
    if (dead >= COMPACT_AFTER_ENTRIES && dead * 2 >= this.items.length) {
      this.cumulativeBeforeBase = this.cumulativeBefore(this.firstLive);
      this.items = this.items.slice(dead);
      this.cumulative = this.cumulative.slice(dead);
      this.base = this.firstLive;
    }
  }

  private cumulativeBefore(index: number): number {
    return index <= this.base
      ? this.cumulativeBeforeBase
      : defined(this.cumulative[index - 1 - this.base]);
  }
}
