import { describe, expect, it } from "vitest";
import type { HarnessC } from "../../src/conformance/harness/cacher.ts";
import { newHarnessE } from "../../src/conformance/harness/etcd.ts";
import type { ApiError } from "../../src/sim/storage/errors.ts";
import type { ListOptions, StorageListResult } from "../../src/sim/storage/interfaces.ts";
import { newRequestContext } from "../../src/sim/storage/request-context.ts";
import { seconds } from "../../src/sim/time.ts";
import { cacherOver, listOptions } from "./fixtures/cacher.ts";

const gates = (skip = false, snapshots = true) => ({
  ListFromCacheSnapshot: snapshots,
  ConsistentListFromCacheSkipTimeoutFallback: skip,
  WatchList: true,
});

/** A cache listed at RV 10 whose etcd is at 20 and never sends it progress. */
function laggingCache(skip: boolean): HarnessC {
  return cacherOver({ listRv: 10, etcdRv: 20, skipFallback: skip });
}

interface Outcome {
  err: ApiError | null;
  list: StorageListResult | null;
  tookNs: number;
}

function listAndWait(
  h: HarnessC,
  opts: ListOptions,
  traced = false,
): Outcome & { ctx: ReturnType<typeof newRequestContext> } {
  const ctx = newRequestContext(1, "test", traced);
  const start = h.rig.scheduler.nowNs;
  let outcome: Outcome | null = null;
  h.rig.delegator.getList("/pods/", opts, ctx, (err, list) => {
    outcome = { err, list, tookNs: h.rig.scheduler.nowNs - start };
  });
  h.rig.runUntil(() => outcome !== null);
  if (outcome === null) throw new Error("the list never completed");
  return { ...(outcome as Outcome), ctx };
}

const series = (h: HarnessC) =>
  h.rig.consistentReadSeries().map((s) => `${s.success}/${s.fallback}=${s.value}`);

describe("CacheDelegator.getList", () => {
  it("waits 3 s on a lagging cache, then falls back to etcd for a consistent list", () => {
    const h = laggingCache(false);
    const { err, list: page, tookNs, ctx } = listAndWait(h, listOptions({}), true);
    expect(err).toBeNull();
    expect(page?.rv).toBe(20);
    expect(tookNs).toBe(seconds(3));
    expect(h.storage.getListCalls).toBe(2);
    expect(series(h)).toEqual(["true/true=1"]);
    expect(ctx.servedBy).toBe("etcd");
    expect(ctx.etcdReason).toBe("fallback");
    expect(ctx.steps?.map((s) => s.step)).toContain("fallback");
  });

  it("answers 429 with the timeout's text and lists nothing from etcd when fallback is skipped", () => {
    const h = laggingCache(true);
    const { err, tookNs } = listAndWait(h, listOptions({}));
    expect(err).toEqual({
      kind: "status",
      code: 429,
      reason: "TooManyRequests",
      message: "Timeout: Too large resource version: 20, current: 10",
      retryAfterSeconds: 1,
      causes: [],
    });
    expect(tookNs).toBe(seconds(3));
    expect(h.storage.getListCalls).toBe(1);
    expect(series(h)).toEqual(["false/skipped=1"]);
  });

  it("gives a pinned NotOlderThan read 504 after 3 s and never falls back", () => {
    const h = laggingCache(false);
    const { err, tookNs } = listAndWait(
      h,
      listOptions({ resourceVersion: "20", resourceVersionMatch: "NotOlderThan" }),
    );
    expect(err).toMatchObject({
      code: 504,
      reason: "Timeout",
      message: "Timeout: Too large resource version: 20, current: 10",
      retryAfterSeconds: 1,
      causes: [{ type: "ResourceVersionTooLarge", message: "Too large resource version" }],
    });
    expect(tookNs).toBe(seconds(3));
    expect(h.storage.getListCalls).toBe(1);
    expect(series(h)).toEqual([]);
  });

  it("gives a GET with a future RV 504 after 3 s, with no fallback to etcd", () => {
    const h = laggingCache(false);
    let err: ApiError | null = null;
    let done = false;
    h.rig.delegator.get(
      "/pods/ns/a",
      { resourceVersion: "20", ignoreNotFound: true },
      newRequestContext(2),
      (e) => {
        err = e;
        done = true;
      },
    );
    h.rig.runUntil(() => done);
    expect(h.rig.scheduler.nowNs).toBe(seconds(3));
    expect(err).toMatchObject({ code: 504, retryAfterSeconds: 1 });
  });

  it("sends an exact list older than every snapshot to etcd, which answers 410 only once compacted", () => {
    const e = newHarnessE({
      featureGates: gates(),
      consistentReadSupported: true,
      eventFreshDurationNs: seconds(75),
      etcdInitialRevision: 1,
      clockMode: "auto",
      steps: [],
      setup: "",
    });
    e.kv.create({ namespace: "ns", name: "a", nodeName: "", labels: {} });
    e.kv.create({ namespace: "ns", name: "b", nodeName: "", labels: {} });
    // The cache lists at 3: its oldest snapshot is 3, so RV 2 is older than every snapshot.
    e.rig.watchCache.replace([], e.kv.revision);
    const exact = listOptions({ resourceVersion: "2", resourceVersionMatch: "Exact" });
    const run = (): Outcome => {
      let out: Outcome | null = null;
      e.rig.delegator.getList("/pods/", exact, newRequestContext(3), (err, page) => {
        out = { err, list: page, tookNs: 0 };
      });
      e.rig.runUntil(() => out !== null);
      return out as unknown as Outcome;
    };
    const before = run();
    expect(before.err).toBeNull();
    expect(before.list?.rv).toBe(2);
    expect(before.list?.items().map((p) => p.name)).toEqual(["a"]);
    e.server.compact(3);
    expect(run().err).toMatchObject({
      code: 410,
      reason: "Expired",
      message: "The resourceVersion for the provided list is too old.",
    });
  });

  it("while the cache is pending, sends paged unfiltered lists to etcd and refuses the rest with 429", () => {
    const h = laggingCache(false);
    h.rig.cacher.setPending();
    h.rig.scheduler.runUntil(seconds(30));
    const paged = listAndWait(h, listOptions({ limit: 500 }));
    expect([paged.err, paged.list?.rv, paged.ctx.servedBy]).toEqual([null, 20, "etcd"]);
    const whole = listAndWait(h, listOptions({}));
    expect(whole.err).toMatchObject({
      code: 429,
      message: "storage is (re)initializing",
      retryAfterSeconds: 6,
    });
    const filtered = listAndWait(h, listOptions({ limit: 500, labelSelector: "app=x" }));
    expect(filtered.err).toMatchObject({ code: 429 });
    // Refused consistent reads count as failures without fallback; the delegated one is not counted.
    expect(series(h)).toEqual(["false/false=2"]);
  });
});
