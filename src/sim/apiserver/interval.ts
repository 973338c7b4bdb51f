import type { PlainError } from "../storage/errors.ts";
import { plainError } from "../storage/errors.ts";
import type { IndexValidator } from "./history.ts";
import { INTERVAL_BUFFER_SIZE, IntervalBuffer } from "./interval-buffer.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";

// A watcher's view of the history: absolute indexes [startIndex, endIndex) read through a small
// buffer, re-validated against the ring on every refill because the ring may have evicted,
// shrunk past or reset over the interval's start in the meantime (upstream: watch_cache_interval.go Next).

/** The event at an absolute index, or null when there is none to read. */
export type IndexerFunc = (index: number) => WatchCacheEvent | null;

export interface IntervalNext {
  readonly event: WatchCacheEvent | null;
  readonly error: PlainError | null;
}

const NOTHING: IntervalNext = { event: null, error: null };

// upstream: watch_cache_interval.go watchCacheInterval (history source)
export class WatchCacheInterval {
  startIndex: number;
  readonly endIndex: number;
  readonly buffer: IntervalBuffer;
  private readonly indexer: IndexerFunc;
  private readonly indexValidator: IndexValidator;

  constructor(
    startIndex: number,
    endIndex: number,
    indexer: IndexerFunc,
    indexValidator: IndexValidator,
    bufferSizeEvents: number = INTERVAL_BUFFER_SIZE,
  ) {
    if (!Number.isSafeInteger(startIndex) || startIndex < 0 || startIndex > endIndex) {
      throw new Error(`interval: bad range [${startIndex}, ${endIndex})`);
    }
    this.startIndex = startIndex;
    this.endIndex = endIndex;
    this.indexer = indexer;
    this.indexValidator = indexValidator;
    this.buffer = new IntervalBuffer(bufferSizeEvents);
  }

  // upstream: watch_cache_interval.go watchCacheInterval.Next
  next(): IntervalNext {
    const buffered = this.buffer.next();
    if (buffered !== null) return { event: buffered, error: null };
    if (this.startIndex >= this.endIndex) return NOTHING;
    if (!this.indexValidator(this.startIndex)) {
      const message = `cache interval invalidated, interval startIndex: ${this.startIndex}`;
      return { event: null, error: plainError(message) };
    }
    this.fillBuffer();
    const event = this.buffer.next();
    return event === null ? NOTHING : { event, error: null };
  }

  /** Copies up to one buffer of events; returns how many it copied. */
  // upstream: watch_cache_interval.go watchCacheInterval.fillBuffer
  fillBuffer(): number {
    this.buffer.clear();
    while (this.startIndex < this.endIndex && !this.buffer.isFull()) {
      const event = this.indexer(this.startIndex);
      if (event === null) break;
      this.buffer.push(event);
      this.startIndex++;
    }
    return this.buffer.endIndex;
  }
}
