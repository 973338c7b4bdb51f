import * as v from "valibot";
import type { ApiError } from "../../sim/apiserver/errors.ts";
import type { WatchCacheEvent } from "../../sim/apiserver/watch-cache-event.ts";
import { diffById, diffError, diffValue } from "../compare.ts";
import {
  type CacheOp,
  HarnessWInput,
  runHarnessW,
  type StartCall,
} from "../harness/watch-cache.ts";
import { parseSteps, type Step } from "../schema/ops.ts";
import { ErrorExpectation, HistoryEvent } from "../schema/shared.ts";
import { Id } from "../schema/values.ts";
import { defineKind, isRunStop, skip } from "./kind.ts";

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

const EventsResult = v.strictObject({
  id: Id,
  error: v.nullable(ErrorExpectation),
  events: v.array(HistoryEvent),
});

const historyKind = () =>
  defineKind({
    input: HarnessWInput,
    expected: v.strictObject({ results: v.array(EventsResult) }),
    run(input) {
      const steps = parseSteps(input.steps, OPS);
      if (!steps.ok) return skip(steps.skip);
      const run = runHarnessW(input, steps.steps, { getAllEventsSince: startEvents });
      return isRunStop(run) ? run : run.outcomes;
    },
    compare: (actual, expected) =>
      diffById("results", actual, expected.results, (path, a, e) => [
        ...diffError(`${path}.error`, a.error as ApiError | null, e.error),
        ...diffValue(`${path}.events`, a.value ?? [], e.events),
      ]),
  });

export const getAllEventsSinceKind = historyKind();
export const historyScenarioKind = historyKind();
