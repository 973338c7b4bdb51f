import type { HistoryConfig } from "../../sim/apiserver/history.ts";
import { WatchCacheHistory } from "../../sim/apiserver/history.ts";
import type { WatchCacheEvent } from "../../sim/apiserver/watch-cache-event.ts";
import type { Pod } from "../../sim/storage/pod.ts";

// Rings, events and pods as the vectors describe them (harness W's ring, docs/conformance.md).

/** A vectors' PodSpec (schema/shared.ts; or an op's pod fields) as the model's Pod. */
export const podOf = ({ namespace, name, rv, nodeName, labels }: Pod): Pod => ({
  namespace,
  name,
  rv,
  nodeName,
  labels,
});

export interface RingInput {
  readonly capacity: number;
  readonly lowerBoundCapacity: number;
  readonly upperBoundCapacity: number;
  readonly eventFreshDurationNs: number;
}

export const ringConfig = (input: RingInput): HistoryConfig => ({
  capacity: input.capacity,
  lowerBoundCapacity: input.lowerBoundCapacity,
  upperBoundCapacity: input.upperBoundCapacity,
  eventFreshDurationNs: input.eventFreshDurationNs,
});

/** An empty ring: startIndex = endIndex = 0, eviction flag clear. */
export const ringFromInput = (input: RingInput): WatchCacheHistory =>
  new WatchCacheHistory(ringConfig(input));

/** An ADDED event for `pod` at the pod's RV, with no previous object. */
export const addedEvent = (key: string, pod: Pod, recordTimeNs: number): WatchCacheEvent => ({
  type: "ADDED",
  key,
  rv: pod.rv,
  recordTimeNs,
  object: pod,
  prevObject: null,
});

/** A bare event carrying only a key, an RV and a record time (op `updateCache`). */
export const bareEvent = (key: string, rv: number, recordTimeNs: number): WatchCacheEvent => ({
  type: "ADDED",
  key,
  rv,
  recordTimeNs,
  object: null,
  prevObject: null,
});
