import { EventSlots } from "./event-slots.ts";
import { PodBodies } from "./pod-bodies.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";

// The watch cache's history: a ring of recent events addressed by absolute, never-decreasing
// indexes, whose capacity doubles while its oldest event is fresh and halves when even its most
// recent quarter is stale (upstream: watch_cache_history.go resizeCacheLocked).

/** Called after every capacity change, so the owner can update the watch_cache_capacity series. */
export type ResizeListener = (fromCapacity: number, toCapacity: number) => void;

/** Whether an interval starting at this absolute index may still be read from the ring. */
export type IndexValidator = (index: number) => boolean;

export interface HistoryConfig {
  readonly capacity: number;
  readonly lowerBoundCapacity: number;
  readonly upperBoundCapacity: number;
  readonly eventFreshDurationNs: number;
  /** What-if: shrink when the *oldest* event is stale, not the quarter point, so capacity flaps. */
  readonly noHysteresis?: boolean;
  readonly onResize?: ResizeListener;
  /** The keys' shared bodies; the watch cache's store shares its own, a lone ring has one. */
  readonly bodies?: PodBodies;
}

// upstream: watch_cache_history.go watchCacheHistory
export class WatchCacheHistory {
  readonly lowerBoundCapacity: number;
  readonly upperBoundCapacity: number;
  readonly eventFreshDurationNs: number;
  private readonly noHysteresis: boolean;
  private readonly onResize: ResizeListener | null;
  /** The events by absolute index (the cacher's dispatch log seals its chunks beside them). */
  readonly slots: EventSlots;
  private capacityValue: number;
  private startIndexValue = 0;
  private endIndexValue = 0;
  private removedEventSinceRelistValue = false;

  constructor(config: HistoryConfig) {
    assertCount("capacity", config.capacity, 1);
    assertCount("lowerBoundCapacity", config.lowerBoundCapacity, 1);
    assertCount("upperBoundCapacity", config.upperBoundCapacity, 1);
    assertCount("eventFreshDurationNs", config.eventFreshDurationNs, 0);
    this.capacityValue = config.capacity;
    this.lowerBoundCapacity = config.lowerBoundCapacity;
    this.upperBoundCapacity = config.upperBoundCapacity;
    this.eventFreshDurationNs = config.eventFreshDurationNs;
    this.noHysteresis = config.noHysteresis ?? false;
    this.onResize = config.onResize ?? null;
    this.slots = new EventSlots(config.bodies ?? new PodBodies());
  }

  /**
   * A full or partial ring holding `events` at absolute indexes from `startIndex`, with no resize
   * check on the way: how upstream's TestDynamicCache lays a ring out before one resize call.
   */
  static holding(
    config: HistoryConfig,
    startIndex: number,
    events: readonly WatchCacheEvent[],
  ): WatchCacheHistory {
    assertCount("startIndex", startIndex, 0);
    const history = new WatchCacheHistory(config);
    if (events.length > history.capacityValue) {
      throw new Error(`history: ${events.length} events exceed capacity ${history.capacityValue}`);
    }
    history.startIndexValue = startIndex;
    history.endIndexValue = startIndex;
    for (const event of events) history.slots.set(history.endIndexValue++, event);
    return history;
  }

  get capacity(): number {
    return this.capacityValue;
  }
  get startIndex(): number {
    return this.startIndexValue;
  }
  get endIndex(): number {
    return this.endIndexValue;
  }
  get size(): number {
    return this.endIndexValue - this.startIndexValue;
  }
  /** Slots the ring's column chunks occupy (its window, rounded out to whole chunks). */
  get backingSlots(): number {
    return this.slots.heldSlots;
  }

  /** The absolute indexes [from, to) of the ring's full chunks, which runs of one scenario share. */
  get sealed(): { from: number; to: number } {
    return this.slots.sealed(this.endIndexValue);
  }
  /** Set when an event is evicted; cleared by a relist. Decides the "too old" reference RV. */
  get removedEventSinceRelist(): boolean {
    return this.removedEventSinceRelistValue;
  }

  // upstream: watch_cache_history.go isCacheFullLocked
  get isFull(): boolean {
    return this.endIndexValue === this.startIndexValue + this.capacityValue;
  }

  /** The event at an absolute index, or null outside [startIndex, endIndex); made on each call. */
  at(index: number): WatchCacheEvent | null {
    if (!this.holds(index)) return null;
    return this.slots.get(index);
  }

  /** The RV of the event at a live index (in [startIndex, endIndex)), without making the event. */
  rvAt(index: number): number {
    this.assertHolds(index);
    return this.slots.rvAt(index);
  }

  /** The record time of the event at a live index. */
  recordTimeAt(index: number): number {
    this.assertHolds(index);
    return this.slots.recordTimeAt(index);
  }

  /** The RV of the oldest buffered event, or null when the ring is empty. */
  oldestRv(): number | null {
    return this.size === 0 ? null : this.slots.rvAt(this.startIndexValue);
  }

  // upstream: watch_cache_history.go indexValidator
  readonly isIndexValid: IndexValidator = (index) => index >= this.startIndexValue;

  // upstream: watch_cache_history.go updateCache
  updateCache(event: WatchCacheEvent): void {
    this.resizeCacheLocked(event.recordTimeNs);
    if (this.isFull) {
      this.startIndexValue++;
      this.slots.dropBefore(this.startIndexValue);
      this.removedEventSinceRelistValue = true;
    }
    this.slots.set(this.endIndexValue, event);
    this.endIndexValue++;
    this.assertInvariants();
  }

  // upstream: watch_cache_history.go resizeCacheLocked
  resizeCacheLocked(eventTimeNs: number): void {
    if (!this.isFull) return;
    // A full ring holds an event at every index from start to end.
    if (eventTimeNs - this.slots.recordTimeAt(this.startIndexValue) < this.eventFreshDurationNs) {
      const grown = Math.min(this.capacityValue * 2, this.upperBoundCapacity);
      if (grown > this.capacityValue) this.doCacheResizeLocked(grown);
      return;
    }
    const referenceNs = this.slots.recordTimeAt(this.shrinkReferenceIndex());
    if (eventTimeNs - referenceNs > this.eventFreshDurationNs) {
      const shrunk = Math.max(Math.floor(this.capacityValue / 2), this.lowerBoundCapacity);
      if (shrunk < this.capacityValue) this.doCacheResizeLocked(shrunk);
    }
  }

  // Upstream reads slot (endIndex − capacity/4) % capacity of a full ring; below capacity 4 the
  // quarter is 0 and that slot holds the oldest event, i.e. absolute index endIndex − capacity.
  private shrinkReferenceIndex(): number {
    if (this.noHysteresis) return this.startIndexValue;
    const quarter = Math.floor(this.capacityValue / 4);
    return this.endIndexValue - (quarter === 0 ? this.capacityValue : quarter);
  }

  // upstream: watch_cache_history.go doCacheResizeLocked
  doCacheResizeLocked(newCapacity: number): void {
    assertCount("newCapacity", newCapacity, 1);
    const from = this.capacityValue;
    if (newCapacity < from) {
      const start = this.endIndexValue - newCapacity;
      if (start < this.startIndexValue) {
        throw new Error(`history: shrink to ${newCapacity} would move startIndex backwards`);
      }
      this.startIndexValue = start;
    }
    this.capacityValue = newCapacity;
    this.slots.dropBefore(this.startIndexValue);
    this.onResize?.(from, newCapacity);
    this.assertInvariants();
  }

  // upstream: watch_cache_history.go resetLocked
  resetLocked(): void {
    this.startIndexValue = this.endIndexValue;
    this.removedEventSinceRelistValue = false;
    this.slots.dropBefore(this.startIndexValue);
  }

  /**
   * Runs `during` while the ring reports `startIndex` as its start, then restores it: harness W's
   * invalidation probe (upstream's TestCacheIntervalNextFromWatchCache sets the field directly).
   */
  withStartIndexProbe<T>(startIndex: number, during: () => T): T {
    // Any value is allowed, as upstream's test allows: the probe only drives the validator.
    assertCount("probe startIndex", startIndex, 0);
    const saved = this.startIndexValue;
    this.startIndexValue = startIndex;
    try {
      return during();
    } finally {
      this.startIndexValue = saved;
    }
  }

  private holds(index: number): boolean {
    return index >= this.startIndexValue && index < this.endIndexValue;
  }

  private assertHolds(index: number): void {
    if (!this.holds(index)) {
      throw new Error(
        `history: no event at ${index}, the ring holds [${this.startIndexValue}, ${this.endIndexValue})`,
      );
    }
  }

  private assertInvariants(): void {
    const size = this.size;
    if (size < 0 || size > this.capacityValue) {
      throw new Error(
        `history: broken window [${this.startIndexValue}, ${this.endIndexValue}) for capacity ${this.capacityValue}`,
      );
    }
  }
}

function assertCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`history: ${name} must be an integer ≥ ${min}, got ${value}`);
  }
}
