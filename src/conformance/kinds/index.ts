import { capacityUpperBoundKind, suggestedWatchChannelSizeKind } from "./capacity.ts";
import { DELEGATOR_KINDS } from "./delegator-kinds.ts";
import { historyResize } from "./history-resize.ts";
import {
  intervalBufferFillKind,
  intervalBufferIsEmptyKind,
  intervalBufferIsFullKind,
} from "./interval-buffer.ts";
import { intervalHistorySourceKind } from "./interval-history-source.ts";
import type { KindTable } from "./kind.ts";
import { retryAfterUnreadyCacheKind } from "./retry-after.ts";
import { simulationMetricsKind } from "./simulation-metrics.ts";
import { WATCH_CACHE_KINDS } from "./watch-cache-kinds.ts";
import {
  bookmarkAfterResourceVersionKind,
  computeListLimitKind,
  getWatchCacheResourceVersionKind,
} from "./watch-rv.ts";

// The registry: kind name → module. An upstream kind (KNOWN_KINDS) with no module here is SKIP ("not
// implemented yet"); a name outside the vectors' kinds is SKIP ("unknown kind"). Neither is ever PASS.
//
// Writing a kind module (see kind.ts):
//   export const myKind = defineKind({
//     input: v.strictObject({...}),     // the kind's input table: every field, no other (schema/)
//     expected: v.strictObject({...}),  // the kind's expected table; parsed only after the run
//     run(input) { ... },               // build from `input` alone; return the outcome, or
//                                       // skip(reason) / fail(reason) (kind.ts)
//     compare(actual, expected) { ... } // string[] of differences, [] = PASS (compare.ts:
//   });                                 // diffValue, diffError, diffRange, diffById)
// Pure kinds: harness/pure.ts pureKind(input, expected, fn). Step-driven kinds read `steps` as
// v.array(RawStep) and call schema/ops.ts parseSteps(steps, supportedOps): an op outside that
// set is a SKIP, bad arguments are malformed (FAIL). Shared types are in schema/shared.ts,
// rings and events in harness/history.ts. A module that throws MalformedCase (malformed.ts)
// reports a malformed case; any other throw is reported as "the model threw".
//
// Plugging in: each engineer registers kinds in their own table, merged below —
// watch-cache-kinds.ts (harness W: watchCache.*, metrics.readWait, history.getAllEventsSince,
// history.scenario) and delegator-kinds.ts (delegator.*, cacher.watch*, scenario.*).

export const KNOWN_KINDS: ReadonlySet<string> = new Set([
  "history.resize",
  "capacityUpperBound",
  "suggestedWatchChannelSize",
  "retryAfterUnreadyCache",
  "delegator.shouldDelegateList.table",
  "delegator.getList",
  "delegator.getList.consistentRead",
  "delegator.getList.exact",
  "delegator.get",
  "watchCache.waitUntilFreshAndGet",
  "watchCache.waitUntilFreshAndGetList",
  "metrics.readWait",
  "history.getAllEventsSince",
  "history.scenario",
  "cacher.watch",
  "cacher.watch.interval",
  "cacher.watch.sendInitialEvents",
  "cacher.getWatchCacheResourceVersion",
  "cacher.bookmarkAfterResourceVersion",
  "cacher.computeListLimit",
  "intervalBuffer.isFull",
  "intervalBuffer.isEmpty",
  "intervalBuffer.fill",
  "interval.historySource",
  "scenario.consistentList",
  "scenario.list",
]);

/**
 * Kinds of the project's own, beyond the upstream vectors': cases for behaviour no upstream unit test
 * pins, in the same file format (docs/fidelity.md, "Conformance cases of our own").
 */
export const PROJECT_KINDS: ReadonlySet<string> = new Set(["simulation.metrics"]);

/** Every kind the runner knows: the upstream vectors' and the project's. */
export const RUNNABLE_KINDS: ReadonlySet<string> = new Set([...KNOWN_KINDS, ...PROJECT_KINDS]);

/** The kinds this file's owner implements (history ring, interval, pure functions). */
const RING_AND_PURE_KINDS: KindTable = {
  "history.resize": historyResize,
  capacityUpperBound: capacityUpperBoundKind,
  suggestedWatchChannelSize: suggestedWatchChannelSizeKind,
  retryAfterUnreadyCache: retryAfterUnreadyCacheKind,
  "cacher.getWatchCacheResourceVersion": getWatchCacheResourceVersionKind,
  "cacher.bookmarkAfterResourceVersion": bookmarkAfterResourceVersionKind,
  "cacher.computeListLimit": computeListLimitKind,
  "intervalBuffer.isFull": intervalBufferIsFullKind,
  "intervalBuffer.isEmpty": intervalBufferIsEmptyKind,
  "intervalBuffer.fill": intervalBufferFillKind,
  "interval.historySource": intervalHistorySourceKind,
};

/** The project's own kinds. */
const PROJECT_KIND_MODULES: KindTable = {
  "simulation.metrics": simulationMetricsKind,
};

export const KIND_MODULES: KindTable = mergeTables([
  RING_AND_PURE_KINDS,
  WATCH_CACHE_KINDS,
  DELEGATOR_KINDS,
  PROJECT_KIND_MODULES,
]);

function mergeTables(tables: readonly KindTable[]): KindTable {
  const merged: Record<string, KindTable[string]> = {};
  for (const table of tables) {
    for (const [kind, module] of Object.entries(table)) {
      if (kind in merged) throw new Error(`conformance: kind "${kind}" registered twice`);
      if (!RUNNABLE_KINDS.has(kind)) throw new Error(`conformance: "${kind}" is not a known kind`);
      merged[kind] = module;
    }
  }
  return merged;
}
