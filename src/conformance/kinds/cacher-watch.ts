import * as v from "valibot";
import type { WatchEventOut, Watcher } from "../../sim/apiserver/watcher.ts";
import { diffById, diffError, diffRange, diffValue } from "../compare.ts";
import { type CallRecord, runSteps } from "../harness/apiserver.ts";
import { applyC, HarnessCInput, newHarnessC } from "../harness/cacher.ts";
import { parseSteps } from "../schema/ops.ts";
import { CountRange, ErrorExpectation, WatchEvent } from "../schema/shared.ts";
import { Id } from "../schema/values.ts";
import { defineKind, isRunStop, skip } from "./kind.ts";

// Kinds `cacher.watch`, `cacher.watch.interval` and `cacher.watch.sendInitialEvents` (harness C):
// WATCHes on the cacher, and what each client has read by the end of the case.

const WatchResult = v.strictObject({
  id: Id,
  watchError: v.nullable(ErrorExpectation),
  events: v.array(WatchEvent),
  moreEvents: v.picklist(["none", "unchecked"]),
  closed: v.nullable(v.boolean()),
});
const Expected = v.strictObject({
  watches: v.array(WatchResult),
  storageRequestWatchProgressCalls: v.nullable(CountRange),
});
type Expected = v.InferOutput<typeof Expected>;

interface Read {
  readonly events: WatchEventOut[];
  readonly closed: boolean;
}
interface Outcome {
  readonly calls: CallRecord<Read>[];
  readonly progressCalls: number;
}

/** Everything the client can read by now. */
function readAll(watcher: Watcher): Read {
  const events: WatchEventOut[] = [];
  for (let e = watcher.next(); e !== null; e = watcher.next()) events.push(e);
  return { events, closed: watcher.closed };
}

const OPS = ["add", "update", "delete", "clockStep", "watch"] as const;

const cacherWatch = defineKind({
  input: HarnessCInput,
  expected: Expected,
  run(input: HarnessCInput) {
    const steps = parseSteps(input.steps, OPS);
    if (!steps.ok) return skip(steps.skip);
    const { rig, storage } = newHarnessC(input);
    const watchers = new Map<string, Watcher>();
    const records = runSteps<"watch", Watcher>(rig, steps.steps, (s) => applyC(rig, s), {
      watch: (step, ctx, finish) =>
        rig.cacher.watch(step.key, step.opts, ctx, (err, watcher) => {
          if (watcher !== null) watchers.set(step.id, watcher);
          finish(err, watcher);
        }),
    });
    if (isRunStop(records)) return records;
    const calls = [...records.values()].map((r) => ({
      ...r,
      value: r.value === null ? null : readAll(r.value),
    }));
    return { calls, progressCalls: storage.requestWatchProgressCalls };
  },
  compare(actual: Outcome, expected: Expected) {
    const out = diffById("watches", actual.calls, expected.watches, (path, call, want) => {
      if (call.endNs === null) return [`${path}: the watch call never returned`];
      const diffs = diffError(`${path}.watchError`, call.error, want.watchError);
      const read = call.value ?? { events: [], closed: true };
      const shown =
        want.moreEvents === "none" ? read.events : read.events.slice(0, want.events.length);
      if (shown.length !== want.events.length) {
        diffs.push(
          `${path}.events: expected ${want.events.length} events, got ${read.events.length}`,
        );
      } else {
        for (const [i, e] of want.events.entries()) {
          diffs.push(...diffEvent(`${path}.events[${i}]`, shown[i] as WatchEventOut, e));
        }
      }
      if (want.closed !== null)
        diffs.push(...diffValue(`${path}.closed`, read.closed, want.closed));
      return diffs;
    });
    if (expected.storageRequestWatchProgressCalls !== null) {
      out.push(
        ...diffRange(
          "storageRequestWatchProgressCalls",
          actual.progressCalls,
          expected.storageRequestWatchProgressCalls,
        ),
      );
    }
    return out;
  },
});

function diffEvent(
  path: string,
  got: WatchEventOut,
  want: v.InferOutput<typeof WatchEvent>,
): string[] {
  const out = diffValue(
    path,
    {
      type: got.type,
      namespace: got.object?.namespace ?? null,
      name: got.object?.name ?? null,
      rv: got.rv,
    },
    { type: want.type, namespace: want.namespace, name: want.name, rv: want.rv },
  );
  if (want.status !== null || got.status !== null)
    out.push(...diffError(`${path}.status`, got.status, want.status));
  return out;
}

export const CACHER_WATCH_KINDS = {
  "cacher.watch": cacherWatch,
  "cacher.watch.interval": cacherWatch,
  "cacher.watch.sendInitialEvents": cacherWatch,
};
