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
    expect(etcdRequests(sim, "reflector")).toBe(1);
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
  });
});

describe("a relist page whose revision was compacted meanwhile", () => {
  it("makes the pager list everything at once, not the list begin again a second later", () => {
    // upstream: client-go tools/pager ListPager (FullListIfExpired, on by default): a continue
    // answered 410 becomes one unpaginated list, here at etcd's current revision (the cacher's
    // lister passes no RV). 25 000 pods in pages of 10 000 at 50 ms + 0.1 s each; the compaction
    // at 5.1 s, after a thousand writes since the relist began, passes page 1's revision.
    const sim = run(
      "objects=25000&restart=5&compact=5.1&otherWrites=10000&writes=0&etcdLatency=50&reads=0&watchers=0",
      5.6,
    );
    expect(sim.world.apiserver.ready()).toBe(true);
    expect(sim.world.reflector.relists).toBe(1);
    // Page 1, page 2 (410), then the whole list in one range.
    expect(etcdRequests(sim, "reflector")).toBe(3);
    expect(sim.world.cache.storage.store.size).toBe(25_000);
  });
});
