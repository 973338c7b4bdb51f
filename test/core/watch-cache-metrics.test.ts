import { describe, expect, it } from "vitest";
import { registerWatchCacheMetrics } from "../../src/sim/apiserver/metrics.ts";
import { MetricsRegistry } from "../../src/sim/metrics/registry.ts";
import { makeCache, pod } from "./watch-cache-fixture.ts";

/** Counters with labels beyond group and resource: only the combinations that occurred. */
const LABELLED = [
  "apiserver_watch_cache_consistent_read_total",
  "apiserver_storage_consistency_checks_total",
  "apiserver_cache_list_total",
  "apiserver_cache_list_fetched_objects_total",
];
const SERIES = [
  "apiserver_watch_cache_read_wait_seconds_count",
  "apiserver_watch_cache_events_received_total",
  "apiserver_watch_cache_events_dispatched_total",
  "apiserver_watch_cache_resource_version",
  "watch_cache_capacity",
  "watch_cache_capacity_increase_total",
  "watch_cache_capacity_decrease_total",
  "apiserver_watch_cache_initializations_total",
  "apiserver_watch_cache_initialization_errors_total",
  "apiserver_watch_cache_initialization_duration_seconds_count",
  "apiserver_init_events_total",
  "apiserver_terminated_watchers_total",
  "apiserver_cache_list_returned_objects_total",
  "apiserver_watch_events_dispatch_duration_seconds_count",
];

describe("watch cache metrics", () => {
  it("exposes at construction only what the cacher sets up then: capacity and dispatch stages", () => {
    // upstream: watch_cache_history.go newWatchCacheHistory sets the capacity gauge; cacher.go
    // NewWatcherMetricsObservers takes every dispatch stage's child. Every other child appears
    // with its first increment, set or observation, and a family without one is not exposed.
    const registry = new MetricsRegistry();
    registerWatchCacheMetrics(registry);
    const text = registry.exposition();
    expect(text).toContain('watch_cache_capacity{group="",resource="pods"} 100');
    for (const stage of ["total", "storage_to_cache", "cache_to_watcher"]) {
      expect(text).toContain(
        `apiserver_watch_events_dispatch_duration_seconds_count{group="",resource="pods",stage="${stage}"} 0`,
      );
    }
    const builtWithTheCacher = new Set([
      "watch_cache_capacity",
      "apiserver_watch_events_dispatch_duration_seconds",
    ]);
    const families = [...SERIES, ...LABELLED].map((name) => name.replace(/_count$/, ""));
    for (const family of families.filter((f) => !builtWithTheCacher.has(f))) {
      expect(text).not.toContain(`# TYPE ${family} `);
    }
  });

  it("exposes a child from its first use, even an increment by 0", () => {
    const registry = new MetricsRegistry();
    const metrics = registerWatchCacheMetrics(registry);
    metrics.cacheListFetchedObjects("").inc(0);
    metrics.readWait.observe(0.01);
    const text = registry.exposition();
    expect(text).toContain(
      'apiserver_cache_list_fetched_objects_total{group="",index="",resource="pods"} 0',
    );
    expect(text).toContain(
      'apiserver_watch_cache_read_wait_seconds_bucket{group="",resource="pods",le="3"} 1',
    );
    expect(text).not.toContain("apiserver_watch_cache_events_received_total");
  });

  it("prints a labelled counter's combinations once they occur; looking one up creates none", () => {
    const registry = new MetricsRegistry();
    const metrics = registerWatchCacheMetrics(registry);
    metrics.consistentRead(true, "true").inc();
    const family = registry.find("apiserver_watch_cache_consistent_read_total");
    const labels = { group: "", resource: "pods", success: "false", fallback: "skipped" };
    expect(family?.get(labels)).toBeUndefined();
    expect(family?.children().map((c) => c.labels)).toEqual([
      { group: "", resource: "pods", success: "true", fallback: "true" },
    ]);
    const text = registry.exposition();
    expect(text).toContain(
      'apiserver_watch_cache_consistent_read_total{fallback="true",group="",resource="pods",success="true"} 1',
    );
    expect(text).not.toContain('fallback="skipped"');
  });

  it("counts events received, items dispatched (bookmarks included) and the RV gauge", () => {
    const f = makeCache();
    f.cache.replace([], 1);
    f.cache.processEvent("ADDED", pod("a", 2), 2, 0);
    f.cache.updateResourceVersion(2);
    f.cache.updateResourceVersion(7);
    expect(f.metrics.eventsReceived.value).toBe(1);
    expect(f.metrics.eventsDispatched.value).toBe(3);
    expect(f.metrics.resourceVersion.value).toBe(7);
  });

  it("follows the ring's capacity as it grows", () => {
    const f = makeCache();
    f.cache.replace([], 1);
    for (let rv = 2; rv <= 102; rv++) f.cache.processEvent("ADDED", pod(`p${rv}`, rv), rv, 0);
    expect(f.metrics.capacity.value).toBe(200);
    expect(f.metrics.capacityIncrease.value).toBe(1);
  });
});
