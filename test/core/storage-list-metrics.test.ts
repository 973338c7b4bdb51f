import { describe, expect, it } from "vitest";
import { run } from "./simulation-helpers.ts";

// upstream: apiserver_storage_list_{total,fetched_objects,evaluated_objects,returned_objects}_total.
// ≤ 1.36 (etcd3/metrics RecordStorageListMetrics, called by etcd3/store.go GetList even when it
// fails): etcd's lists only, labelled group and resource (1.33: resource alone). 1.37
// (storage/metrics RecordStorageListMetrics): a `storage` label, `etcd` from etcd3's GetList and
// `watchcache` from the cacher's RecordListCacheMetrics (evaluated 0); total and fetched also
// carry `index`. Read from v0.37.2, v0.36.6, v0.35.10, v0.34.13 and v0.33.12.

// 24 consistent lists of 500 over 2 000 objects behind a 4 s lag: page 1 falls back to etcd,
// pages 2–4 come from the cache's snapshots (1.34+; 1.33 has no snapshots: etcd serves them).
const QUERY =
  "lag=4000&limits=consistent:500&objects=2000&mix=consistent:1&reads=0.5@0,0@50&watchers=0&arrival=uniform";

const lines = (text: string, name: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith(`${name}{`))
    .sort();

describe("apiserver_storage_list_* by version", () => {
  it("1.37 counts etcd's and the watch cache's lists apart", () => {
    const text = run(`k8s=1.37&${QUERY}`, 70).prometheusText();
    expect(lines(text, "apiserver_storage_list_total")).toEqual([
      'apiserver_storage_list_total{group="",index="",resource="pods",storage="etcd"} 24',
      'apiserver_storage_list_total{group="",index="",resource="pods",storage="watchcache"} 72',
    ]);
    expect(lines(text, "apiserver_storage_list_returned_objects_total")).toEqual([
      'apiserver_storage_list_returned_objects_total{group="",resource="pods",storage="etcd"} 12000',
      'apiserver_storage_list_returned_objects_total{group="",resource="pods",storage="watchcache"} 36000',
    ]);
    expect(lines(text, "apiserver_storage_list_evaluated_objects_total")).toEqual([
      'apiserver_storage_list_evaluated_objects_total{group="",resource="pods",storage="etcd"} 12000',
      'apiserver_storage_list_evaluated_objects_total{group="",resource="pods",storage="watchcache"} 0',
    ]);
    expect(text).toContain(
      "# HELP apiserver_storage_list_total [ALPHA] Number of LIST requests served from storage\n",
    );
  });

  it.each(["1.34", "1.36"])("%s counts etcd's lists only, by group and resource", (k8s) => {
    const text = run(`k8s=${k8s}&${QUERY}`, 70).prometheusText();
    expect(lines(text, "apiserver_storage_list_total")).toEqual([
      'apiserver_storage_list_total{group="",resource="pods"} 24',
    ]);
    expect(lines(text, "apiserver_storage_list_fetched_objects_total")).toEqual([
      'apiserver_storage_list_fetched_objects_total{group="",resource="pods"} 12000',
    ]);
  });

  it("1.33 labels them by resource alone", () => {
    const text = run(`k8s=1.33&${QUERY}`, 70).prometheusText();
    // Without snapshots every page of the 24 lists is etcd's.
    expect(lines(text, "apiserver_storage_list_total")).toEqual([
      'apiserver_storage_list_total{resource="pods"} 96',
    ]);
  });

  it("counts each page of a paginated relist (1.34) as one of etcd's lists", () => {
    // 25 000 pods: pages of 10 000, 10 000 and 5 000, from 6 s.
    const text = run("k8s=1.34&restart=5&reads=0&watchers=0&objects=25000", 7).prometheusText();
    expect(lines(text, "apiserver_storage_list_total")).toEqual([
      'apiserver_storage_list_total{group="",resource="pods"} 3',
    ]);
    expect(lines(text, "apiserver_storage_list_returned_objects_total")).toEqual([
      'apiserver_storage_list_returned_objects_total{group="",resource="pods"} 25000',
    ]);
  });

  it("does not count a watch-list relist's pages (1.35+)", () => {
    // upstream: etcd3/watcher.go syncPaginated reads plain ranges, not GetList
    const text = run("restart=5&reads=0&watchers=0&objects=25000", 7).prometheusText();
    expect(lines(text, "apiserver_storage_list_total")).toEqual([]);
  });

  it("counts a LIST that failed at its deadline, with nothing returned", () => {
    // Fallback LISTs of 100 000 objects (1 s each) on one slot: most meet their deadline.
    const sim = run(
      "objects=100000&etcdConcurrency=1&lag=4000&mix=consistent:1&reads=2&watchers=0&retry=none",
      120,
    );
    const text = sim.prometheusText();
    const listed = lines(text, "apiserver_storage_list_total")[0] ?? "";
    const returned = lines(text, "apiserver_storage_list_returned_objects_total")[0] ?? "";
    // Values as Go writes them (1.2e+07 for large ones).
    const sampleValue = (line: string) => Number(line.split(" ").at(-1));
    const fallbacks = sampleValue(listed);
    const ok = sampleValue(returned) / 100_000;
    expect(fallbacks).toBeGreaterThan(ok);
    expect(ok).toBeGreaterThan(10);
  });
});
