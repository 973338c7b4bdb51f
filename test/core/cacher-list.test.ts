import { describe, expect, it } from "vitest";
import { type HarnessC, MockStorage } from "../../src/conformance/harness/cacher.ts";
import { Cacher } from "../../src/sim/apiserver/cacher.ts";
import { BLOCK_TIMEOUT_NS, NO_WHATIF } from "../../src/sim/apiserver/config.ts";
import { CacheDelegator } from "../../src/sim/apiserver/delegator.ts";
import { registerWatchCacheMetrics } from "../../src/sim/apiserver/metrics.ts";
import { WatchCache } from "../../src/sim/apiserver/watch-cache.ts";
import { MetricsRegistry } from "../../src/sim/metrics/registry.ts";
import { Scheduler } from "../../src/sim/scheduler.ts";
import { decodeContinue } from "../../src/sim/storage/continue-token.ts";
import type { ListOptions, StorageListResult } from "../../src/sim/storage/interfaces.ts";
import { newRequestContext } from "../../src/sim/storage/request-context.ts";
import { seconds } from "../../src/sim/time.ts";
import { cacherOver, listOptions } from "./fixtures/cacher.ts";

const pods = ["a", "b", "c", "d", "e"].map((name, i) => ({
  namespace: "ns",
  name,
  rv: 10 + i,
  nodeName: i % 2 === 0 ? "node1" : "node2",
  labels: {},
}));

const cache = (): HarnessC => cacherOver({ listRv: 20, objects: pods });

function get(h: HarnessC, key: string, opts: ListOptions): StorageListResult {
  let page: StorageListResult | null = null;
  h.rig.delegator.getList(key, opts, newRequestContext(1), (err, result) => {
    if (err !== null) throw new Error(err.message);
    page = result;
  });
  h.rig.runUntil(() => page !== null);
  return page as unknown as StorageListResult;
}

describe("Cacher.getList", () => {
  it("pages a consistent list with continue tokens at the response RV, served from snapshots", () => {
    const h = cache();
    const first = get(h, "/pods/ns", listOptions({ limit: 2 }));
    expect(first.items().map((p) => p.name)).toEqual(["a", "b"]);
    expect([first.rv, first.count, first.remainingItemCount]).toEqual([20, 2, 3]);
    expect(decodeContinue(first.continue, "/pods/ns/")).toEqual({
      ok: true,
      key: "/pods/ns/b\u0000",
      rv: 20,
    });
    // A new pod after the first page must not show up: the next page reads the snapshot at 20.
    const late = { namespace: "ns", name: "bb", rv: 21, nodeName: "", labels: {} };
    h.rig.watchCache.processEvent("ADDED", late, 21, 0);
    const second = get(h, "/pods/ns", listOptions({ limit: 2, continue: first.continue }));
    expect(second.items().map((p) => p.name)).toEqual(["c", "d"]);
    const third = get(h, "/pods/ns", listOptions({ limit: 2, continue: second.continue }));
    expect([third.items().map((p) => p.name), third.continue, third.remainingItemCount]).toEqual([
      ["e"],
      "",
      null,
    ]);
    expect(h.storage.getListCalls).toBe(1);
  });

  it("filters by selector before the limit and gives no remaining count", () => {
    const h = cache();
    const page = get(h, "/pods/", listOptions({ limit: 2, fieldSelector: "spec.nodeName=node1" }));
    expect(page.items().map((p) => p.name)).toEqual(["a", "c"]);
    expect(page.remainingItemCount).toBeNull();
    expect(page.continue).not.toBe("");
    // Fetched counts the whole list the watch cache gave the cacher (cacher.go GetList
    // RecordListCacheMetrics with len(resp.Items)): all 5 pods, not the 4 the filter looked at.
    const m = h.rig.metrics;
    expect([
      m.cacheList("").value,
      m.cacheListFetchedObjects("").value,
      m.cacheListReturnedObjects.value,
    ]).toEqual([1, 5, 2]);
  });

  it("ignores the limit of an RV=0 list", () => {
    const h = cache();
    const page = get(h, "/pods/", listOptions({ resourceVersion: "0", limit: 2 }));
    expect([page.count, page.continue]).toEqual([5, ""]);
  });

  it('sends RV="" lists to etcd in 1.33 with ConsistentListFromCache off', () => {
    const scheduler = new Scheduler();
    const metrics = registerWatchCacheMetrics(new MetricsRegistry());
    const storage = new MockStorage({
      initialObjects: [],
      initialListRV: 5,
      currentRV: 9,
      listRV: 9,
      listEchoesExactRV: false,
      listError: null,
      getError: null,
    });
    const config = {
      version: "1.33" as const,
      gates: {
        ConsistentListFromCache: false,
        ListFromCacheSnapshot: false,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
      blockTimeoutNs: BLOCK_TIMEOUT_NS,
      timerLatencyNs: 0,
      eventFreshDurationNs: seconds(75),
      whatif: NO_WHATIF,
      consistentReadSupported: true,
    };
    const watchCache = new WatchCache({
      scheduler,
      config,
      metrics,
      storage,
      keyPrefix: "/pods/",
      indexers: [],
    });
    const cacher = new Cacher({
      scheduler,
      config,
      metrics,
      watchCache,
      storage,
      resourcePrefix: "/pods/",
    });
    const delegator = new CacheDelegator({ cacher, storage, watchListEnabled: false });
    watchCache.replace([], 5);
    const ctx = newRequestContext(1);
    let rv: number | null = null;
    delegator.getList("/pods/", listOptions({}), ctx, (_err, page) => {
      rv = page?.rv ?? null;
    });
    expect([rv, ctx.servedBy, storage.getListCalls]).toEqual([9, "etcd", 2]);
  });
});
