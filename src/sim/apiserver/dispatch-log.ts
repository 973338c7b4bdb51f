import type { WatchCacheEvent } from "./watch-cache-event.ts";

// The events the cacher has dispatched, in order, addressed by absolute index. Watchers are
// cursors into it: an event is appended once, however many watchers there are, and each watcher
// filters and converts it only when its client reads. Entries no cursor can reach are dropped.

const COMPACT_AFTER_ENTRIES = 4096;

export class DispatchLog {
  private items: (WatchCacheEvent | undefined)[] = [];
  /** Absolute index of items[0]. */
  private base = 0;
  /** Entries below this absolute index were released. */
  private firstLive = 0;

  /** One past the newest entry. */
  get end(): number {
    return this.base + this.items.length;
  }

  /** The oldest entry a cursor may still read. */
  get start(): number {
    return this.firstLive;
  }

  /** Entries retained (not yet released). */
  get retained(): number {
    return this.end - this.firstLive;
  }

  append(event: WatchCacheEvent): void {
    this.items.push(event);
  }

  at(index: number): WatchCacheEvent {
    const event = index >= this.firstLive ? this.items[index - this.base] : undefined;
    if (event === undefined)
      throw new Error(`dispatch log: entry ${index} was released or never written`);
    return event;
  }

  /** No cursor will read below `index` any more. */
  releaseBefore(index: number): void {
    const upTo = Math.min(index, this.end);
    for (let i = this.firstLive; i < upTo; i++) this.items[i - this.base] = undefined;
    if (upTo > this.firstLive) this.firstLive = upTo;
    const dead = this.firstLive - this.base;
    if (dead >= COMPACT_AFTER_ENTRIES && dead * 2 >= this.items.length) {
      this.items = this.items.slice(dead);
      this.base = this.firstLive;
    }
  }
}
