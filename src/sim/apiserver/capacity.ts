import { NS_PER_S } from "../time.ts";
import { DEFAULT_EVENT_FRESH_DURATION_NS } from "./config.ts";

// The history ring's size limits and the watch channel sizing derived from them (upstream: watch_cache_history.go).

export const DEFAULT_LOWER_BOUND_CAPACITY = 100; // upstream: watch_cache_history.go defaultLowerBoundCapacity
const DEFAULT_UPPER_BOUND_CAPACITY = 100 * 1024; // upstream: watch_cache_history.go defaultUpperBoundCapacity

const MIN_WATCH_CHAN_SIZE = 10; // upstream: watch_cache_history.go minWatchChanSize
const MAX_CHAN_SIZE_WITH_INDEX_AND_TRIGGER = 10; // upstream: maxWatchChanSizeWithIndexAndTrigger
const MAX_CHAN_SIZE_WITH_INDEX_WITHOUT_TRIGGER = 1000; // upstream: maxWatchChanSizeWithIndexWithoutTrigger
const MAX_CHAN_SIZE_WITHOUT_INDEX = 100; // upstream: maxWatchChanSizeWithoutIndex
// floor(log2(MaxInt32 / 102400)): keeps the bound an int32.
const MAX_UPPER_BOUND_EXPONENT = 14;

// upstream: watch_cache_history.go capacityUpperBound
export function capacityUpperBound(eventFreshDurationNs: number): number {
  if (eventFreshDurationNs <= DEFAULT_EVENT_FRESH_DURATION_NS) return DEFAULT_UPPER_BOUND_CAPACITY;
  const ratio =
    durationSeconds(eventFreshDurationNs) / durationSeconds(DEFAULT_EVENT_FRESH_DURATION_NS);
  const exponent = Math.min(Math.ceil(goLog2(ratio)), MAX_UPPER_BOUND_EXPONENT);
  return 2 ** exponent * DEFAULT_UPPER_BOUND_CAPACITY;
}

// upstream: watch_cache_history.go suggestedWatchChannelSize
export function suggestedWatchChannelSize(
  capacity: number,
  eventFreshDurationNs: number,
  indexExists: boolean,
  triggerUsed: boolean,
): number {
  // About one second of history: the ring holds eventFreshDuration's worth of events.
  const perSecond = Math.ceil(capacity / durationSeconds(eventFreshDurationNs));
  const size = Math.max(perSecond, MIN_WATCH_CHAN_SIZE);
  let max = MAX_CHAN_SIZE_WITHOUT_INDEX;
  if (indexExists) {
    max = triggerUsed
      ? MAX_CHAN_SIZE_WITH_INDEX_AND_TRIGGER
      : MAX_CHAN_SIZE_WITH_INDEX_WITHOUT_TRIGGER;
  }
  return Math.min(size, max);
}

/** Go's Duration.Seconds: whole seconds plus the nanosecond remainder, as a float. */
export function durationSeconds(ns: number): number {
  const whole = Math.trunc(ns / NS_PER_S);
  return whole + (ns - whole * NS_PER_S) / 1e9;
}

/** Go's math.Log2: exact for powers of two (frexp), so ceil() lands where upstream's does. */
function goLog2(x: number): number {
  let exp = Math.floor(Math.log2(x)) + 1;
  let frac = x / 2 ** exp;
  // Correct the estimate so that frac ∈ [0.5, 1), as Frexp returns it.
  if (frac >= 1) {
    frac /= 2;
    exp++;
  } else if (frac < 0.5) {
    frac *= 2;
    exp--;
  }
  if (frac === 0.5) return exp - 1;
  return Math.log(frac) * (1 / Math.LN2) + exp;
}
