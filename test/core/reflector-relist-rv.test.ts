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
