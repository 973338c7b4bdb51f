import { useRef } from "react";
import type { RingSummary } from "../../../sim/snapshot.ts";
import { type Nanos, NS_PER_S } from "../../../sim/time.ts";
import { usePrefersReducedMotion } from "../shared/usePrefersReducedMotion.ts";
import {
  type CapacityTransition,
  displayedCapacity,
  nextCapacityTransition,
  settledAt,
  transitionProgress,
} from "./capacityTransition.ts";

// How long the last resize stays highlighted as news, in simulated time.
const RESIZE_NEWS_NS: Nanos = 5 * NS_PER_S;

export function useCapacityTransition(ring: RingSummary, nowNs: Nanos) {
  const reducedMotion = usePrefersReducedMotion();
  const transitionRef = useRef<CapacityTransition | null>(null);
  // Recomputing from the previous value is idempotent, so a doubled StrictMode render is harmless.
  const previous = transitionRef.current ?? settledAt(ring.capacity, nowNs);
  const transition = nextCapacityTransition(previous, ring.capacity, nowNs);
  transitionRef.current = transition;

  const progress = transitionProgress(transition, nowNs, reducedMotion);
  const resized = transition.fromCapacity !== transition.toCapacity;
  return {
    displayCapacity: displayedCapacity(transition, progress),
    /** The last resize seen since the panel mounted, and whether it just happened. */
    lastResize: resized ? transition : null,
    isNews: resized && nowNs - transition.startedAtNs < RESIZE_NEWS_NS,
  };
}
