import { getAllEventsSinceKind, historyScenarioKind } from "./history-events.ts";
import type { KindTable } from "./kind.ts";
import { readWaitKind } from "./metrics-read-wait.ts";
import { waitUntilFreshAndGetKind, waitUntilFreshAndGetListKind } from "./watch-cache-reads.ts";

// The harness-W kinds (docs/conformance.md, "Harnesses"): the watch cache's reads, its read-wait histogram and its
// history, each built by harness/watch-cache.ts.
export const WATCH_CACHE_KINDS: KindTable = {
  "watchCache.waitUntilFreshAndGet": waitUntilFreshAndGetKind,
  "watchCache.waitUntilFreshAndGetList": waitUntilFreshAndGetListKind,
  "metrics.readWait": readWaitKind,
  "history.getAllEventsSince": getAllEventsSinceKind,
  "history.scenario": historyScenarioKind,
};
