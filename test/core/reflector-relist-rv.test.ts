import { describe, expect, it } from "vitest";
import { etcdRequests, run, value } from "./simulation-helpers.ts";

// upstream: cacher/lister_watcher.go List never passes an RV to etcd (only a consistency
// checker's Exact list does), so the relist after the cache's watch fell behind compaction is one
// list at etcd's current revision, not a list at the last synced RV that gets 410 and a second.

describe("the relist after the watch fell behind compaction (issue 34, item 1)", () => {
  it("is one list at etcd's current revision", () => {
    // The stream stalls from 5 s; the compaction at 120 s passes the cache's next event, so the
    // watch ends Expired and the cache relists once.
    const sim = run("stall=5-200&compaction=60&reads=0&watchers=0", 200);
    expect(sim.world.reflector.relists).toBe(1);
    // 1.37's watch-list: a quorum read of etcd's revision, then one page at it.
    expect(etcdRequests(sim, "reflector")).toBe(2);
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
  });
});

describe("a relist page whose revision was compacted meanwhile", () => {
  it("makes the pager list everything at once, not the list begin again a second later", () => {
    // upstream: client-go tools/pager ListPager (FullListIfExpired, on by default): a continue
    // answered 410 becomes one unpaginated list, here at etcd's current revision (the cacher's
    // lister passes no RV). 1.34 lists (no watch-list): from 6 s, 25 000 pods in pages of 10 000
    // at 50 ms + 0.1 s each; the compaction at 6.1 s, after a thousand writes since the relist
    // began, passes page 1's revision.
    const sim = run(
      "k8s=1.34&objects=25000&restart=5&compact=6.1&otherWrites=10000&writes=0&etcdLatency=50&reads=0&watchers=0",
      6.6,
    );
    expect(sim.world.apiserver.ready()).toBe(true);
    expect(sim.world.reflector.relists).toBe(1);
    // Page 1, page 2 (410), then the whole list in one range.
    expect(etcdRequests(sim, "reflector")).toBe(3);
    expect(sim.world.cache.storage.store.size).toBe(25_000);
  });
});

describe("a watch-list page whose revision was compacted meanwhile (1.35+)", () => {
  it("ends the watch-list, and the reflector lists in pages at once", () => {
    // upstream: etcd3/watcher.go syncPaginated sends the 410 as the watch's error; client-go
    // reflector.go ListAndWatchWithContext then falls back to a paginated list. From 6 s: the
    // quorum read (50 ms), page 1 (150 ms, read at 6.05 s); the compaction at 6.1 s passes its
    // revision, so page 2 fails; the list then reads three pages at a newer revision.
    const sim = run(
      "objects=25000&restart=5&compact=6.1&otherWrites=10000&writes=0&etcdLatency=50&reads=0&watchers=0",
      7,
    );
    expect(sim.world.apiserver.ready()).toBe(true);
    expect(sim.world.reflector.relists).toBe(1);
    expect(etcdRequests(sim, "reflector")).toBe(6);
    expect(sim.world.cache.storage.store.size).toBe(25_000);
  });
});
