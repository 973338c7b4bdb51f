import type { WatchCacheEvent } from "./watch-cache-event.ts";

export const INTERVAL_BUFFER_SIZE = 100; // upstream: watch_cache_interval.go bufferSize

// A watcher's small window of copied history events, so that it holds the cache lock only while
// copying up to `sizeEvents` events, never while sending them.
// upstream: watch_cache_interval.go watchCacheIntervalBuffer
export class IntervalBuffer {
  readonly sizeEvents: number;
  private readonly events: (WatchCacheEvent | null)[];
  startIndex = 0;
  endIndex = 0;

  constructor(sizeEvents: number = INTERVAL_BUFFER_SIZE) {
    if (!Number.isSafeInteger(sizeEvents) || sizeEvents < 1) {
      throw new Error(`IntervalBuffer: size ${sizeEvents} is not a positive integer`);
    }
    this.sizeEvents = sizeEvents;
    this.events = new Array<WatchCacheEvent | null>(sizeEvents).fill(null);
  }

  // upstream: watch_cache_interval.go watchCacheIntervalBuffer.isFull
  isFull(): boolean {
    return this.endIndex >= this.sizeEvents;
  }

  // upstream: watch_cache_interval.go watchCacheIntervalBuffer.isEmpty
  isEmpty(): boolean {
    return this.startIndex === this.endIndex;
  }

  /** Empties the buffer before a refill. */
  clear(): void {
    this.startIndex = 0;
    this.endIndex = 0;
  }

  push(event: WatchCacheEvent): void {
    if (this.isFull()) throw new Error("IntervalBuffer: push into a full buffer");
    this.events[this.endIndex++] = event;
  }

  // upstream: watch_cache_interval.go watchCacheIntervalBuffer.next
  next(): WatchCacheEvent | null {
    if (this.isEmpty()) return null;
    const event = this.events[this.startIndex] ?? null;
    // Drop the reference so an event evicted from the ring can be collected.
    this.events[this.startIndex] = null;
    this.startIndex++;
    return event;
  }
}
