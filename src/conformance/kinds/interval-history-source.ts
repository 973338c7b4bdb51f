import * as v from "valibot";
import type { WatchCacheHistory } from "../../sim/apiserver/history.ts";
import { type IntervalNext, WatchCacheInterval } from "../../sim/apiserver/interval.ts";
import { diffValue } from "../compare.ts";
import { addedEvent, ringFromInput } from "../harness/history.ts";
import { InvalidationProbe } from "../schema/shared.ts";
import { Bool, Count, Int } from "../schema/values.ts";
import { defineKind, fail, type RunStop } from "./kind.ts";

// Kind `interval.historySource` (upstream TestCacheIntervalNextFromWatchCache): pods appended to
// a harness-W ring with the clock still, then an interval over the ring read to its end, with an
// invalidation probe before every buffer refill.

const Input = v.strictObject({
  capacity: v.pipe(Int, v.minValue(1)),
  lowerBoundCapacity: v.pipe(Int, v.minValue(1)),
  upperBoundCapacity: v.pipe(Int, v.minValue(1)),
  eventFreshDurationNs: Count,
  eventsAdded: Count,
  intervalStartIndex: Count,
  bufferSize: v.pipe(Int, v.minValue(1)),
});
type Input = v.InferOutput<typeof Input>;

const Expected = v.strictObject({
  historyCapacity: Int,
  historyStartIndex: Int,
  historyEndIndex: Int,
  eventsReturned: Int,
  firstEventRV: v.nullable(Int),
  lastEventRV: v.nullable(Int),
  invalidationProbes: v.array(InvalidationProbe),
  bufferEmptyBeforeEvents: v.array(Int),
  nextAfterDrainReturnsNothing: Bool,
});
type Outcome = v.InferOutput<typeof Expected>;

export const intervalHistorySourceKind = defineKind({
  input: Input,
  expected: Expected,
  run: (input): Outcome | RunStop => {
    const ring = ringFromInput(input);
    for (let i = 0; i < input.eventsAdded; i++) {
      const pod = { namespace: "ns", name: `pod${i}`, rv: i, nodeName: "", labels: {} };
      ring.updateCache(addedEvent(`/pods/ns/pod${i}`, pod, 0));
    }
    const interval = new WatchCacheInterval(
      input.intervalStartIndex,
      ring.endIndex,
      (i) => ring.at(i),
      ring.isIndexValid,
      input.bufferSize,
    );
    return readToEnd(ring, interval, input);
  },
  compare: (actual, expected) => diffValue("expected", actual, expected),
});

function readToEnd(
  ring: WatchCacheHistory,
  interval: WatchCacheInterval,
  input: Input,
): Outcome | RunStop {
  const outcome: Outcome = {
    historyCapacity: ring.capacity,
    historyStartIndex: ring.startIndex,
    historyEndIndex: ring.endIndex,
    eventsReturned: 0,
    firstEventRV: null,
    lastEventRV: null,
    invalidationProbes: [],
    bufferEmptyBeforeEvents: [],
    nextAfterDrainReturnsNothing: false,
  };
  const maxReads = interval.endIndex - interval.startIndex;
  for (let i = 0; hasMore(interval); i++) {
    if (i >= maxReads) return fail(`the interval returned more than its ${maxReads} events`);
    if (input.eventsAdded > 0 && i % input.bufferSize === 0) {
      const probed = ring.withStartIndexProbe(interval.startIndex + 1, () => interval.next());
      outcome.invalidationProbes.push({ beforeEvent: i, message: describeProbe(probed) });
    }
    if (interval.buffer.isEmpty()) outcome.bufferEmptyBeforeEvents.push(i);
    const { event, error } = interval.next();
    if (error !== null) return fail(`read ${i}: unexpected error "${error.message}"`);
    if (event === null) break;
    // The ring makes its events from columns on each read: the same entry, not the same object.
    const entry = ring.at(input.intervalStartIndex + i);
    if (entry === null || entry.key !== event.key || entry.rv !== event.rv) {
      return fail(`read ${i}: not the ring's entry at index ${input.intervalStartIndex + i}`);
    }
    outcome.firstEventRV ??= event.rv;
    outcome.lastEventRV = event.rv;
    outcome.eventsReturned++;
  }
  const drained = interval.next();
  outcome.nextAfterDrainReturnsNothing = drained.event === null && drained.error === null;
  return outcome;
}

const hasMore = (interval: WatchCacheInterval): boolean =>
  !interval.buffer.isEmpty() || interval.startIndex < interval.endIndex;

function describeProbe(probed: IntervalNext): string {
  if (probed.error !== null) return probed.error.message;
  if (probed.event !== null) return `<no error: returned the event at RV ${probed.event.rv}>`;
  return "<no error and no event>";
}
