import { useState } from "react";
import type { RingSummary } from "../../../model/index.ts";
import { type Nanos, NS_PER_S } from "../../../model/index.ts";
import { useFrameSource } from "../shared/frameSource.ts";
import { createCapacityTracker } from "./capacityTransition.ts";

// How long the last resize stays highlighted as news, in simulated time.
const RESIZE_NEWS_NS: Nanos = 5 * NS_PER_S;

/**
 * The ring's last resize. With a frame source the canvas feeds the tracker every frame (it draws the
 * transition) and a render only reads it, since the rendered snapshot may be older than the drawn
 * one; without one, the render feeds it.
 */
export function useCapacityTransition(ring: RingSummary, nowNs: Nanos) {
  const [tracker] = useState(createCapacityTracker);
  const drivenByFrames = useFrameSource() !== null;
  const transition = drivenByFrames
    ? (tracker.current() ?? tracker.advance(ring.capacity, nowNs))
    : tracker.advance(ring.capacity, nowNs);
  const resized = transition.fromCapacity !== transition.toCapacity;
  return {
    tracker,
    /** The last resize seen since the panel mounted, and whether it just happened. */
    lastResize: resized ? transition : null,
    isNews: resized && nowNs - transition.startedAtNs < RESIZE_NEWS_NS,
  };
}
