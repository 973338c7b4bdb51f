import * as v from "valibot";
import type { WatchCacheEvent } from "../../sim/apiserver/watch-cache-event.ts";
import { diffValue } from "../compare.ts";
import type { CacheOp, StartCall } from "../harness/watch-cache.ts";
import type { Step } from "../schema/ops.ts";
import { HistoryEvent } from "../schema/shared.ts";
import { harnessWKind } from "./harness-w-kind.ts";

// Kinds `history.getAllEventsSince` (upstream TestEvents, TestMarker) and `history.scenario`
// (TestCacheIncreaseDoesNotBreakWatch): reading the history after an RV, in harness W.

type EventsOp = "getAllEventsSince";
const OPS: readonly (CacheOp | EventsOp)[] = [
  "add",
  "update",
  "delete",
  "replace",
  "updateCache",
  "clockStep",
  "getAllEventsSince",
];

type HistoryEventOut = v.InferOutput<typeof HistoryEvent>;

const toHistoryEvent = (e: WatchCacheEvent): HistoryEventOut => ({
  type: e.type,
  key: e.key,
  rv: e.rv,
  prevRV: e.prevObject?.rv ?? null,
});

/** Takes every event of the interval at once (upstream's test reads the whole slice). */
const startEvents: StartCall<Step<EventsOp>, HistoryEventOut[]> = (w, step, _ctx, finish) => {
  const interval = w.cache.getAllEventsSinceLocked(step.rv);
  if ("kind" in interval) return finish(interval, null);
  const events: HistoryEventOut[] = [];
  for (
    let next = interval.next();
    next.event !== null || next.error !== null;
    next = interval.next()
  ) {
    if (next.error !== null) return finish(next.error, null);
    events.push(toHistoryEvent(next.event as WatchCacheEvent));
  }
  finish(null, events);
};

const historyKind = () =>
  harnessWKind(
    OPS,
    "getAllEventsSince",
    startEvents,
    { events: v.array(HistoryEvent) },
    (path, a, e) => diffValue(`${path}.events`, a ?? [], e.events),
  );

export const getAllEventsSinceKind = historyKind();
export const historyScenarioKind = historyKind();
