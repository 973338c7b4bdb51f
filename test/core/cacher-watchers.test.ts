import { describe, expect, it } from "vitest";
import type { HarnessC } from "../../src/conformance/harness/cacher.ts";
import type { CacherWatchOptions } from "../../src/sim/apiserver/cacher-watch.ts";
import type { WatchEventOut, Watcher } from "../../src/sim/apiserver/watcher.ts";
import { RandomStream } from "../../src/sim/rng.ts";
import type { ApiError } from "../../src/sim/storage/errors.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";
import { newRequestContext } from "../../src/sim/storage/request-context.ts";
import { seconds } from "../../src/sim/time.ts";
import { cacherOver } from "./fixtures/cacher.ts";

const cacheAt = (rv: number): HarnessC => cacherOver({ listRv: rv });

const pod = (name: string, rv: number): Pod => ({
  namespace: "ns",
  name,
  rv,
  nodeName: "",
  labels: {},
});
const add = (h: HarnessC, name: string, rv: number) =>
  h.rig.watchCache.processEvent("ADDED", pod(name, rv), rv, h.rig.scheduler.nowNs);

function watch(
  h: HarnessC,
  opts: Partial<CacherWatchOptions>,
): { err: ApiError | null; watcher: Watcher | null } {
  let out: { err: ApiError | null; watcher: Watcher | null } | null = null;
  const full = {
    resourceVersion: "",
    recursive: true,
    sendInitialEvents: null,
    allowWatchBookmarks: false,
    ...opts,
  };
  h.rig.cacher.watch("/pods/ns", full, newRequestContext(9), (err, watcher) => {
    out = { err, watcher };
  });
  if (out === null) throw new Error("the watch did not return at once");
  return out;
}

function readAll(w: Watcher): WatchEventOut[] {
  const out: WatchEventOut[] = [];
  for (let e = w.next(); e !== null; e = w.next()) out.push(e);
  return out;
}

describe("Cacher watchers", () => {
  it("gives a watcher resuming from before the oldest buffered event 410 with upstream's text", () => {
    const h = cacheAt(100);
    for (let rv = 101; rv <= 200; rv++) add(h, `p${rv}`, rv);
    // 80 s later every buffered event is stale: the full ring evicts instead of growing.
    h.rig.scheduler.runUntil(seconds(80));
    add(h, "p201", 201);
    const { err, watcher } = watch(h, { resourceVersion: "100" });
    expect(err).toBeNull();
    const events = readAll(watcher as Watcher);
    expect(events).toEqual([
      {
        type: "ERROR",
        object: null,
        rv: null,
        status: {
          kind: "status",
          code: 410,
          reason: "Expired",
          message: "too old resource version: 100 (101)",
          retryAfterSeconds: 0,
          causes: [],
        },
      },
    ]);
    expect(watcher?.closed).toBe(true);
    expect(readAll(watch(h, { resourceVersion: "101" }).watcher as Watcher)).toHaveLength(100);
  });

  it("stores each event once for 10 000 watchers and converts it only when a client reads", () => {
    const h = cacheAt(100);
    const watchers = Array.from(
      { length: 10_000 },
      () => watch(h, { resourceVersion: "100" }).watcher as Watcher,
    );
    for (let rv = 101; rv <= 1100; rv++) add(h, `p${rv % 50}`, rv);
    expect(h.rig.cacher.dispatchLog.retained).toBe(1000);
    const first = readAll(watchers[0] as Watcher);
    expect(first).toHaveLength(1000);
    expect(first[0]).toMatchObject({ type: "ADDED", rv: 101 });
    expect(first[50]).toMatchObject({ type: "MODIFIED", rv: 151 });
    expect(readAll(watchers[9_999] as Watcher).map((e) => e.rv)).toEqual(first.map((e) => e.rv));
  });

  it("closes every watcher on terminateAllWatchers, after what was already dispatched, counting none", () => {
    const h = cacheAt(100);
    const a = watch(h, { resourceVersion: "100" }).watcher as Watcher;
    const b = watch(h, { resourceVersion: "100" }).watcher as Watcher;
    add(h, "x", 101);
    h.rig.cacher.terminateAllWatchers();
    add(h, "y", 102);
    // cache_watcher.go add counts only watchers closed for being too slow.
    expect(h.rig.metrics.terminatedWatchers.value).toBe(0);
    expect(readAll(a).map((e) => e.rv)).toEqual([101]);
    expect(a.closed && b.closed).toBe(true);
  });

  it("sends a bookmark at the last processed RV about once a minute to a watcher that allows them", () => {
    const h = cacheAt(100);
    const w = watch(h, { resourceVersion: "100", allowWatchBookmarks: true }).watcher as Watcher;
    add(h, "x", 101);
    h.rig.watchCache.updateResourceVersion(105);
    h.rig.scheduler.runUntil(seconds(59));
    expect(readAll(w).map((e) => e.type)).toEqual(["ADDED"]);
    h.rig.scheduler.runUntil(seconds(62));
    expect(readAll(w)).toEqual([{ type: "BOOKMARK", object: null, rv: 105, status: null }]);
  });

  it("stops sending bookmarks 2 s before the watch's deadline", () => {
    const h = cacheAt(100);
    const opts = { resourceVersion: "100", allowWatchBookmarks: true, deadlineNs: seconds(30) };
    const w = watch(h, opts).watcher as Watcher;
    add(h, "x", 101);
    h.rig.scheduler.runUntil(seconds(27));
    expect(readAll(w).map((e) => e.type)).toEqual(["ADDED"]);
    // Due at 28 s; re-queued at exactly 28 s it is due again (not before now), as upstream's is.
    h.rig.scheduler.runUntil(seconds(200));
    expect(readAll(w).map((e) => `${e.type}@${e.rv}`)).toEqual(["BOOKMARK@101", "BOOKMARK@101"]);
  });

  it("answers a watch-list request with the store, the initial-events-end bookmark, then live events", () => {
    const h = cacheAt(100);
    add(h, "a", 101);
    const w = watch(h, { resourceVersion: "", sendInitialEvents: true, allowWatchBookmarks: true })
      .watcher as Watcher;
    add(h, "b", 102);
    expect(readAll(w).map((e) => `${e.type}@${e.rv}`)).toEqual([
      "ADDED@101",
      "BOOKMARK@101",
      "ADDED@102",
    ]);
  });

  it("counts a watch-list's initial objects as init events, not its end bookmark", () => {
    const h = cacheAt(100);
    add(h, "a", 101);
    add(h, "b", 102);
    watch(h, { resourceVersion: "", sendInitialEvents: true, allowWatchBookmarks: true });
    // upstream: cache_watcher.go processInterval counts the interval's events only
    expect(h.rig.metrics.initEvents.value).toBe(2);
  });

  it("counts no init events for a watch whose interval was invalidated", () => {
    const h = cacheAt(100);
    for (let rv = 101; rv <= 250; rv++) add(h, `p${rv}`, rv);
    // Valid for the first check only: the refill after 100 events finds the interval gone.
    let checks = 0;
    h.rig.cacher.indexValidator = () => checks++ === 0;
    const w = watch(h, { resourceVersion: "100" }).watcher as Watcher;
    expect(w.closed).toBe(true);
    expect(h.rig.metrics.initEvents.value).toBe(0);
  });

  it("has a ≤1.36 watch-list wait ask etcd for progress even with ConsistentListFromCache off", () => {
    const h = cacherOver({ listRv: 100, etcdRv: 105 });
    const config = h.rig.cacher.config as {
      version: string;
      gates: { ConsistentListFromCache: boolean };
    };
    config.version = "1.33";
    config.gates.ConsistentListFromCache = false;
    const opts = { resourceVersion: "", recursive: true, sendInitialEvents: true };
    const parked = { ...opts, allowWatchBookmarks: true };
    h.rig.cacher.watch("/pods/ns", parked, newRequestContext(9), () => {});
    h.rig.scheduler.runUntil(seconds(1));
    // upstream: release-1.36 cacher.go waitUntilWatchCacheFreshAndForceAllEvents checks only
    // etcd's RequestWatchProgress support
    expect(h.storage.requestWatchProgressCalls).toBeGreaterThan(0);
  });

  it("refuses a watch with 429 while the cacher is pending", () => {
    const h = cacheAt(100);
    h.rig.cacher.setPending();
    h.rig.scheduler.runUntil(seconds(20));
    expect(watch(h, { resourceVersion: "100" }).err).toMatchObject({
      code: 429,
      message: "storage is (re)initializing",
      retryAfterSeconds: 3,
    });
  });
});

describe("CacheWatcher.skipAvailable", () => {
  it("counts what reading one by one would deliver, and its last RV (seed 11)", () => {
    const random = new RandomStream(11, "skip");
    const pair = [cacherOver({ listRv: 100 }), cacherOver({ listRv: 100 })] as const;
    const opts = [
      { key: "/pods/", resourceVersion: "100", allowWatchBookmarks: true },
      { key: "/pods/ns1", resourceVersion: "100", allowWatchBookmarks: false },
      { key: "/pods/", resourceVersion: "", allowWatchBookmarks: true },
    ];
    const watchers = pair.map((h) =>
      opts.map(({ key, ...o }) => {
        let out: Watcher | null = null;
        const full = { recursive: true, sendInitialEvents: null, ...o };
        h.rig.cacher.watch(key, full, newRequestContext(1), (_e, w) => {
          out = w;
        });
        return out as unknown as Watcher & {
          skipAvailable(): { events: number; lastRv: number | null };
        };
      }),
    );
    let rv = 100;
    for (let step = 0; step < 3000; step++) {
      const roll = random.int(20);
      const name = `p${random.int(30)}`;
      const ns = `ns${random.int(3)}`;
      const waitNs = seconds(random.int(3) === 0 ? 61 : 1);
      for (const h of pair) {
        const now = h.rig.scheduler.nowNs;
        if (roll === 0) h.rig.scheduler.runUntil(now + waitNs);
        else if (roll === 1) h.rig.watchCache.updateResourceVersion(rv + 1);
        else if (roll === 2)
          h.rig.watchCache.processEvent(
            "DELETED",
            { namespace: ns, name, rv: rv + 1, nodeName: "", labels: {} },
            rv + 1,
            now,
          );
        else
          h.rig.watchCache.processEvent(
            "MODIFIED",
            { namespace: ns, name, rv: rv + 1, nodeName: "", labels: {} },
            rv + 1,
            now,
          );
      }
      if (roll !== 0) rv++;
      if (random.int(50) === 0) {
        for (const [i, slow] of (watchers[0] ?? []).entries()) {
          const fast = watchers[1]?.[i];
          const read = readAll(slow);
          const trace = read.map((e) => `${e.type}@${e.rv}`).join(" ");
          expect([i, fast?.skipAvailable(), trace]).toEqual([
            i,
            { events: read.length, lastRv: read[read.length - 1]?.rv ?? null },
            trace,
          ]);
        }
      }
    }
  });
});

describe("CacheWatcher.stop", () => {
  it("delivers nothing more once its client stopped it, even after the log moved on", () => {
    const h = cacherOver({ listRv: 100 });
    const w = watch(h, { resourceVersion: "100" }).watcher as Watcher;
    add(h, "x", 101);
    w.stop();
    for (let rv = 102; rv < 5200; rv++) add(h, `p${rv % 7}`, rv);
    expect([w.next(), w.closed, h.rig.cacher.dispatchLog.retained]).toEqual([null, true, 0]);
  });
});
