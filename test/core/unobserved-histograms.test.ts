import { describe, expect, it } from "vitest";
import { run } from "./simulation-helpers.ts";

// Second audit, item 7: 1.37's dispatch-duration and initialisation-duration histograms are
// observed, as a run's Prometheus text shows them.

/** The value of the one line of `text` that starts with `series` (name and labels). */
function line(text: string, series: string): number {
  const found = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (found === undefined) throw new Error(`no series ${series}`);
  return Number(found.slice(series.length + 1));
}

const DISPATCH = "apiserver_watch_events_dispatch_duration_seconds";
const INIT = "apiserver_watch_cache_initialization_duration_seconds";
const pods = (stage: string) => `{group="",resource="pods",stage="${stage}"}`;

describe("apiserver_watch_events_dispatch_duration_seconds", () => {
  it("observes every stage once per event per watcher it reaches (bookmarks not)", () => {
    // upstream: cache_watcher.go process → observeDispatchMetrics, per watcher, non-bookmarks
    const sim = run("", 30);
    const text = sim.metrics().exposition();
    const received = line(
      text,
      'apiserver_watch_cache_events_received_total{group="",resource="pods"}',
    );
    const watchers = sim.world.watchers.connected;
    expect(received).toBeGreaterThan(500);
    expect(watchers).toBe(10);
    for (const stage of ["total", "storage_to_cache", "cache_to_watcher"]) {
      expect(line(text, `${DISPATCH}_count${pods(stage)}`)).toBe(received * watchers);
    }
    // The send is the instant the cache processes the event: cache_to_watcher is 0, and total is
    // the wait since the event's RecordTime (small at the default processing rate).
    expect(line(text, `${DISPATCH}_sum${pods("cache_to_watcher")}`)).toBe(0);
    const total = line(text, `${DISPATCH}_sum${pods("total")}`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(line(text, `${DISPATCH}_sum${pods("storage_to_cache")}`));
  });

  it("counts nothing without watchers, and is not printed before 1.37", () => {
    const idle = run("watchers=0", 10).metrics().exposition();
    expect(line(idle, `${DISPATCH}_count${pods("total")}`)).toBe(0);
    expect(run("k8s=1.36", 10).metrics().exposition()).not.toContain(DISPATCH);
  });

  it("shows a processing backlog in the total stage", () => {
    // 1.37 stamps at decode, so a backlog behind the cache's processing shows as latency.
    const q = "writes=200&processRate=100&reads=0&otherWrites=0&watchers=1";
    const text = run(q, 20).metrics().exposition();
    const count = line(text, `${DISPATCH}_count${pods("total")}`);
    expect(count).toBeGreaterThan(0);
    expect(line(text, `${DISPATCH}_sum${pods("total")}`) / count).toBeGreaterThan(0.5);
  });
});

describe("apiserver_watch_cache_initialization_duration_seconds", () => {
  it("observes the start and each re-initialisation, from startCaching to Replace", () => {
    // upstream: cacher.go startCaching (startTime, then terminateAllWatchers) and SetOnReplace
    const text = run("restart=5&reads=0", 30).metrics().exposition();
    expect(line(text, `${INIT}_count{group="",resource="pods"}`)).toBe(2);
    expect(
      line(text, 'apiserver_watch_cache_initializations_total{group="",resource="pods"}'),
    ).toBe(2);
    // The model's cache starts initialised (0 s); the restart's relist takes etcd's time.
    const sum = line(text, `${INIT}_sum{group="",resource="pods"}`);
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(1);
    expect(line(text, `${INIT}_bucket{group="",resource="pods",le="0.05"}`)).toBe(2);
  });

  it("is one observation of 0 s on a run without restarts", () => {
    const text = run("reads=0", 10).metrics().exposition();
    expect(line(text, `${INIT}_count{group="",resource="pods"}`)).toBe(1);
    expect(line(text, `${INIT}_sum{group="",resource="pods"}`)).toBe(0);
  });
});
