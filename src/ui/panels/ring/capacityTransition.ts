import { type Nanos, NS_PER_MS } from "../../../model/index.ts";

// Driven by the snapshot's simulated clock, not by wall-clock timers: pausing freezes it, seeking
// back resets it, and a slowed-down run shows it slowed down.
export const RESIZE_TRANSITION_NS: Nanos = 600 * NS_PER_MS;

export interface CapacityTransition {
  fromCapacity: number;
  toCapacity: number;
  startedAtNs: Nanos;
}

export function settledAt(capacity: number, nowNs: Nanos): CapacityTransition {
  return { fromCapacity: capacity, toCapacity: capacity, startedAtNs: nowNs };
}

/** Starts a transition when the capacity changes; a clock that went back (seek, reset) settles. */
export function nextCapacityTransition(
  previous: CapacityTransition,
  capacity: number,
  nowNs: Nanos,
): CapacityTransition {
  if (nowNs < previous.startedAtNs) return settledAt(capacity, nowNs);
  if (capacity === previous.toCapacity) return previous;
  return { fromCapacity: previous.toCapacity, toCapacity: capacity, startedAtNs: nowNs };
}

export function transitionProgress(
  transition: CapacityTransition,
  nowNs: Nanos,
  reducedMotion: boolean,
): number {
  if (reducedMotion || transition.fromCapacity === transition.toCapacity) return 1;
  const progress = (nowNs - transition.startedAtNs) / RESIZE_TRANSITION_NS;
  return Math.min(1, Math.max(0, progress));
}

/** Interpolated geometrically, so doubling and halving take the same visual time. */
export function displayedCapacity(transition: CapacityTransition, progress: number): number {
  const { fromCapacity, toCapacity } = transition;
  if (progress >= 1) return toCapacity;
  return fromCapacity * (toCapacity / fromCapacity) ** progress;
}

export interface CapacityTracker {
  /** Feeds a snapshot's capacity at its moment; returns the transition as it now stands. */
  advance(capacity: number, nowNs: Nanos): CapacityTransition;
  /** The transition as of the newest snapshot fed, or null before the first. */
  current(): CapacityTransition | null;
}

/**
 * Follows one panel's ring from snapshot to snapshot; feeding the same snapshot twice is harmless.
 * A resize first seen after the clock jumped ahead by more than a transition (a seek, a link opened
 * at `t`) happened somewhere in the jump, so its animation is over: it settles at once, else a run
 * paused right after the jump would draw the old capacity while its figures state the new one.
 */
export function createCapacityTracker(): CapacityTracker {
  let transition: CapacityTransition | null = null;
  let seenNs: Nanos | null = null;
  return {
    advance(capacity, nowNs) {
      const jumped = seenNs !== null && nowNs - seenNs > RESIZE_TRANSITION_NS;
      seenNs = nowNs;
      transition =
        transition !== null && jumped && capacity !== transition.toCapacity
          ? settledAt(capacity, nowNs)
          : nextCapacityTransition(transition ?? settledAt(capacity, nowNs), capacity, nowNs);
      return transition;
    },
    current: () => transition,
  };
}
