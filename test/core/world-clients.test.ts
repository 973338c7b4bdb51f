import { describe, expect, it } from "vitest";
import { etcdRequests, reads, run, value } from "./simulation-helpers.ts";

describe("a cache restart", () => {
  const restart = "objects=25000&restart=5&watchers=6&reads=100&etcdLatency=2";

  // upstream: the watch error ends ListAndWatch; cacher.go startCaching (terminateAllWatchers,
  // then the reflector's watch-list: etcd3/watcher.go startWatching) runs again 1 s later.
  it("goes Pending, and 1 s later terminates every watcher and relists as a watch-list", () => {
    const sim = run(restart, 5.001);
    expect(sim.world.apiserver.ready()).toBe(false);
    expect(sim.world.watchers.connected).toBe(6);
    expect(etcdRequests(sim, "reflector")).toBe(0);
    sim.advanceTo(6.001e9);
    expect(sim.world.apiserver.ready()).toBe(false);
    expect(sim.world.watchers.connected).toBe(0);
    sim.advanceTo(8e9);
    expect(sim.world.apiserver.ready()).toBe(true);
    // A quorum read of etcd's revision, then pages of 10 000.
    expect(etcdRequests(sim, "reflector")).toBe(4);
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
    expect(sim.world.cache.history.size).toBeLessThan(sim.world.kv.revision);
  });

  it("sends LISTs with a limit to etcd meanwhile, and answers the others 429", () => {
    const sim = run(`${restart}&mix=consistent:1,notOlderThan:1&limits=consistent:500`, 8);
    expect(reads(sim, { kind: "consistent", served_by: "etcd", code: "200" })).toBeGreaterThan(0);
    expect(reads(sim, { kind: "notOlderThan", code: "429" })).toBeGreaterThan(0);
  }, 20_000);

  it("does not count the watchers it terminates in apiserver_terminated_watchers_total", () => {
    // upstream: terminateAllWatchers does not count; cache_watcher.go add counts slow watchers.
    const sim = run("restart=5&reads=0", 30);
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
    expect(sim.world.watchers.connected).toBeGreaterThan(0);
    expect(value(sim, "apiserver_terminated_watchers_total")).toBe(0);
  });

  it("makes watchers resuming from before the relist get 410 and relist themselves", () => {
    const sim = run(restart, 30);
    expect(value(sim, "watchcachelab_lists_total", { kind: "relist", outcome: "ok" })).toBe(6);
    // Each relist walks 25 000 pods in pages of 500.
    expect(reads(sim, { kind: "relist", code: "200" })).toBe(6 * 50);
    expect(sim.world.watchers.connected).toBe(6);
  });
});

describe("etcd compaction", () => {
  it("compacts every `compaction` s to the revision of the previous tick", () => {
    const sim = run("compaction=5&writes=100&reads=0&watchers=0&otherWrites=0", 5);
    const atFirstTick = sim.world.kv.revision;
    expect(sim.world.kv.compactedRevision).toBe(1001);
    sim.advanceTo(10e9);
    expect(sim.world.kv.compactedRevision).toBe(atFirstTick);
  });

  it("fails a watch stream that fell behind it, and the cache relists", () => {
    const sim = run("stall=1-20&compact=10&writes=100&reads=0&watchers=0", 9);
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(1);
    sim.advanceTo(12e9);
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
    // A watch-list at etcd's current revision: its quorum read, then one page.
    expect(etcdRequests(sim, "reflector")).toBe(2);
    expect(sim.world.cache.resourceVersion).toBeGreaterThan(1001 + 800);
  });

  // upstream: client-go reflector.go watch returns nil on Expired; cacher.go startCaching
  // (setError(nil), then terminateAllWatchers) runs again after wait.Until's 1 s period.
  it("answers the plain unready 429 meanwhile, and terminates and relists 1 s later", () => {
    const query = "stall=1-20&compact=10&writes=100&watchers=3&reads=50&mix=notOlderThan:1";
    const sim = run(query, 10.9);
    expect(sim.world.apiserver.ready()).toBe(false);
    const refused = sim.world.outcomes.latest(50).filter((o) => o.code === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((o) => o.message))).toEqual(
      new Set(["storage is (re)initializing"]),
    );
    expect(sim.world.watchers.connected).toBe(3);
    expect(etcdRequests(sim, "reflector")).toBe(0);
    sim.advanceTo(11.5e9);
    expect(sim.world.apiserver.ready()).toBe(true);
    expect(etcdRequests(sim, "reflector")).toBe(2);
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
  });
});

describe("read-your-own-write clients", () => {
  it("loop write → read → pause 1 s", () => {
    const sim = run("ryw=4&reads=0&writes=0&watchers=0&otherWrites=0", 10.5);
    const cycles = reads(sim, { kind: "ryw" });
    expect(cycles).toBeGreaterThanOrEqual(36);
    expect(cycles).toBeLessThanOrEqual(44);
    expect(etcdRequests(sim, "write")).toBeGreaterThanOrEqual(cycles);
    expect(etcdRequests(sim, "write")).toBeLessThanOrEqual(cycles + 4);
  });

  it("follow the schedule of their number", () => {
    const sim = run("ryw=4@0,0@3&reads=0&writes=0&watchers=0&otherWrites=0", 10);
    const cycles = reads(sim, { kind: "ryw" });
    expect(cycles).toBeLessThanOrEqual(16);
  });
});

describe("watchers", () => {
  it("resume after `away` from their last RV", () => {
    const sim = run("watchers=10&away=4@2:3&reads=0", 3);
    expect(sim.world.watchers.connected).toBe(6);
    sim.advanceTo(6e9);
    expect(sim.world.watchers.connected).toBe(10);
    expect(reads(sim, { kind: "relist" })).toBe(0);
  });
});

describe("the list-cache counters", () => {
  it("count the whole list walked as fetched, the page as returned", () => {
    // upstream: cacher.go GetList RecordListCacheMetrics(index, len(resp.Items), listVal.Len())
    // Each herd client walks 2000 pods in 4 pages; a page walks the list from its continue key.
    const sim = run("objects=2000&herd=10@1&limits=consistent:500&reads=0&watchers=0&ryw=0", 10);
    expect(value(sim, "apiserver_cache_list_total")).toBe(40);
    expect(value(sim, "apiserver_cache_list_fetched_objects_total")).toBe(
      10 * (2000 + 1500 + 1000 + 500),
    );
    expect(value(sim, "apiserver_cache_list_returned_objects_total")).toBe(10 * 2000);
  });
});
