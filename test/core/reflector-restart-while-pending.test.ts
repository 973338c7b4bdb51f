import { describe, expect, it } from "vitest";
import { etcdRequests, run } from "./simulation-helpers.ts";

// upstream: cacher.go startCaching runs one ListAndWatch at a time (wait.Until): a restart is the
// cacher's etcd watch ending with an error, so while no watch is open (the cacher Pending before
// its relist) there is nothing for it to end. Found by the oracle on random-87.

describe("a restart while the cacher is already Pending", () => {
  it("leaves the relist planned one period after the first restart", () => {
    // The first restart at 5 s plans the relist for 6 s; the second, at 5.5 s, finds no watch.
    const sim = run("restart=5,5.5&reads=0&watchers=0", 6.1);
    expect(sim.world.reflector.relists).toBe(1);
    expect(sim.world.apiserver.ready()).toBe(true);
    // 1.37's watch-list: the quorum read, then one page.
    expect(etcdRequests(sim, "reflector")).toBe(2);
  });
});
