import { describe, expect, it } from "vitest";
import { etcdRequests, run, value } from "./simulation-helpers.ts";

// upstream: the cacher's reflector runs under context.Background() (cacher/lister_watcher.go;
// from 1.35 its watch-list, etcd3/watcher.go startWatching): the cacher's own relist has no
// deadline, however long etcd's queue. Clients' requests ahead of it in the queue
// meet their deadlines and are dropped, so it is served within one requestTimeout per page.

describe("the cacher's relist (issue 32's third canary)", () => {
  it("initialises again behind a long etcd queue: a quorum read and 3 pages", {
    timeout: 120_000,
  }, () => {
    // The canary's scenario with 30 000 pods. From 11 s (1 s after the watch error) each of the
    // relist's 4 ranges waits behind up to a requestTimeout (60 s) of clients' LISTs, which are
    // dropped at their deadlines; the relist's own ranges are not, so it ends within 4 × 60 s.
    const sim = run(
      "objects=30000&etcdConcurrency=1&mix=rv0:1&reads=200&watchers=0&restart=10&retry=none",
      11 + 4 * 60,
    );
    // The initialisation at the start, and the one after the restart.
    expect(value(sim, "apiserver_watch_cache_initializations_total")).toBe(2);
    expect(etcdRequests(sim, "reflector")).toBe(4);
    expect(value(sim, "apiserver_watch_cache_initialization_errors_total")).toBe(0);
  });
});
