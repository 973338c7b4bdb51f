import type { WatchCacheEvent } from "../../src/sim/apiserver/watch-cache-event.ts";

/**
 * A watch-cache event for the chunked columns' tests, varied by its RV: every 7th a deletion
 * (no object), every 11th without a previous object, so chunks hold every shape a column stores.
 */
export const chunkTestEvent = (rv: number, name: string, nodeName = ""): WatchCacheEvent => ({
  type: rv % 7 === 0 ? "DELETED" : "MODIFIED",
  key: `/pods/default/${name}`,
  rv,
  recordTimeNs: rv * 1000,
  object: rv % 7 === 0 ? null : { namespace: "default", name, rv, nodeName, labels: { app: name } },
  prevObject:
    rv % 11 === 0 ? null : { namespace: "default", name, rv: rv - 1, nodeName, labels: {} },
});
