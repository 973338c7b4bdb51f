import { useState } from "react";
import type { RingSummary } from "../../../model/index.ts";
import { type Nanos, NS_PER_S } from "../../../model/index.ts";
import { createCapacityTracker } from "./capacityTransition.ts";

// How long the last resize stays highlighted as news, in simulated time.
const RESIZE_NEWS_NS: Nanos = 5 * NS_PER_S;

/** The ring's last resize, fed by each render (the canvas draws the same snapshot). */
export function useCapacityTransition(ring: RingSummary, nowNs: Nanos) {
  const [tracker] = useState(createCapacityTracker);
  const transition = tracker.advance(ring.capacity, nowNs);
  const resized = transition.fromCapacity !== transition.toCapacity;
  return {
    tracker,
    /** The last resize seen since the panel mounted, and whether it just happened. */
    lastResize: resized ? transition : null,
    isNews: resized && nowNs - transition.startedAtNs < RESIZE_NEWS_NS,
  };
}
