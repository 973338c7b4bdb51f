import { describe, expect, it } from "vitest";
import { etcdRequests, run, value } from "./simulation-helpers.ts";

// upstream: cacher/lister_watcher.go List calls etcd with context.Background(): the cacher's own
// relist has no deadline, however long etcd's queue. Clients' requests ahead of it in the queue
// meet their deadlines and are dropped, so it is served within one requestTimeout per page.

describe("the cacher's relist (issue 32's third canary)", () => {
  it("initialises again within 240 s behind a long etcd queue, with one list of 10 pages", {
    timeout: 60_000,
  }, () => {
    const sim = run(
      "objects=100000&etcdConcurrency=1&mix=rv0:1&reads=200&watchers=0&restart=10&retry=none",
      240,
    );
    // The initialisation at the start, and the one after the restart.
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
    expect(etcdRequests(sim, "reflector")).toBe(10);
    expect(value(sim, "apiserver_watch_cache_initialization_errors_total")).toBe(0);
  });
});
