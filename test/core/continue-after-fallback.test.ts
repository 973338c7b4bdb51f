import { describe, expect, it } from "vitest";
import { EtcdKv } from "../../src/sim/etcd/kv.ts";
import { listAt } from "../../src/sim/etcd/range-jobs.ts";
import { decodeContinue } from "../../src/sim/storage/continue-token.ts";
import { podSpec } from "../../src/sim/world/pods.ts";
import { reads, run, value } from "./simulation-helpers.ts";

// upstream: storage/continue.go PrepareContinueToken, used by etcd3/store.go GetList and the cacher:
// the token's key is the last returned key + "\x00", and every reader starts at the decoded key
// inclusive. A page from etcd followed by a page from the cache neither repeats nor skips.

describe("continue tokens across etcd and the cache", () => {
  it("etcd's token names the key just after the page's last key", () => {
    const kv = new EtcdKv(1, "/pods/");
    for (let i = 0; i < 5; i++) kv.create(podSpec(i));
    const second = podSpec(1);
    // The whole prefix from its start (a lazy page), and from a continue key.
    for (const continueKey of ["", `/pods/${second.namespace}/${second.name}`]) {
      const page = listAt(kv, "/pods/", kv.revision, 2, continueKey);
      const items = page.items();
      const last = items[items.length - 1];
      if (last === undefined) throw new Error("an empty page");
      const decoded = decodeContinue(page.continue, "/pods/");
      expect(decoded).toEqual({
        ok: true,
        key: `/pods/${last.namespace}/${last.name}\u0000`,
        rv: kv.revision,
      });
    }
  });

  it("a list whose first page fell back to etcd returns each object once (issue 32's canary)", () => {
    // Page 1 (500) waits 3 s behind a 4 s lag and falls back to etcd; pages 2… come from the
    // cache at page 1's RV. 2 000 objects: 500 from etcd, then 1 500 in 3 pages from the cache.
    const sim = run(
      "lag=4000&limits=consistent:500&objects=2000&mix=consistent:1&reads=0.5@0,0@50&watchers=0&arrival=uniform",
      70,
    );
    const lists = value(sim, "watchcachelab_lists_total", { kind: "consistent", outcome: "ok" });
    expect(lists).toBe(24);
    expect(value(sim, "apiserver_watch_cache_consistent_read_total", { fallback: "true" })).toBe(
      lists,
    );
    expect(reads(sim, { kind: "consistent", served_by: "etcd", code: "200" })).toBe(lists);
    expect(value(sim, "apiserver_cache_list_returned_objects_total") / lists).toBe(1500);
    expect(reads(sim, { kind: "consistent", served_by: "cache", code: "200" }) / lists).toBe(3);
  });
});
