import * as v from "valibot";
import { WatchCacheHistory } from "../../sim/apiserver/history.ts";
import { bareEvent, ringConfig } from "../harness/history.ts";
import { pureKind } from "../harness/pure.ts";
import { Count, Int, Key, Text } from "../schema/values.ts";

// Kind `history.resize` (upstream TestDynamicCache): a ring laid out directly, then one resize
// check; nothing is appended or evicted.

const Input = v.strictObject({
  eventFreshDurationNs: Count,
  capacity: Count,
  startIndex: Count,
  eventCount: Count,
  lowerBoundCapacity: Count,
  upperBoundCapacity: Count,
  intervalNs: Int,
  resizeAtNs: Int,
  setup: Text,
});

const Expected = v.strictObject({
  capacity: Int,
  startIndex: Int,
  endIndex: Int,
  retainedKeys: v.array(Key),
});

export const historyResize = pureKind(Input, Expected, (input) => {
  const events = Array.from({ length: input.eventCount }, (_, i) =>
    bareEvent(`event-${input.startIndex + i}`, input.startIndex + i, i * input.intervalNs),
  );
  const ring = WatchCacheHistory.holding(ringConfig(input), input.startIndex, events);
  ring.resizeCacheLocked(input.resizeAtNs);
  const retainedKeys: string[] = [];
  for (let i = ring.startIndex; i < ring.endIndex; i++)
    retainedKeys.push(ring.at(i)?.key ?? "<missing>");
  return {
    capacity: ring.capacity,
    startIndex: ring.startIndex,
    endIndex: ring.endIndex,
    retainedKeys,
  };
});
