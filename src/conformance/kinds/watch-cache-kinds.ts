import type { KindTable } from "./kind.ts";

// Owned by engineer "watch cache": register the harness-W kinds here (watchCache.*,
// metrics.readWait, history.getAllEventsSince, history.scenario). Until then they are SKIP.
export const WATCH_CACHE_KINDS: KindTable = {};
