import * as v from "valibot";
import { capacityUpperBound, suggestedWatchChannelSize } from "../../sim/apiserver/capacity.ts";
import { pureKind } from "../harness/pure.ts";
import { Bool, Count, Int } from "../schema/values.ts";

// Kinds `capacityUpperBound` and `suggestedWatchChannelSize` (upstream TestCapacityUpperBound,
// TestSuggestedWatchChannelSize).

export const capacityUpperBoundKind = pureKind(
  v.strictObject({ eventFreshDurationNs: Count }),
  v.strictObject({ upperBoundCapacity: Int }),
  (input) => ({ upperBoundCapacity: capacityUpperBound(input.eventFreshDurationNs) }),
);

export const suggestedWatchChannelSizeKind = pureKind(
  v.strictObject({
    capacity: Count,
    indexExists: Bool,
    triggerUsed: Bool,
    eventFreshDurationNs: v.pipe(Count, v.minValue(1)),
  }),
  v.strictObject({ channelSize: Int }),
  (input) => ({
    channelSize: suggestedWatchChannelSize(
      input.capacity,
      input.eventFreshDurationNs,
      input.indexExists,
      input.triggerUsed,
    ),
  }),
);
