import { describe, expect, it } from "vitest";
import { run, value } from "./simulation-helpers.ts";

// kubernetes/kubernetes#139250: watch_cache_history.go resizeCacheLocked runs only from
// updateCache, i.e. when an event is added, so a ring that grew never shrinks once writes stop.
const BURST = "reads=0&watchers=0&otherWrites=0&writes=2000@0";

describe("the ring after a burst", () => {
  it("keeps its grown capacity when pod writes stop entirely", () => {
    const sim = run(`${BURST},0@25`, 300);
    expect(value(sim, "watch_cache_capacity_increase_total")).toBeGreaterThan(0);
    expect(value(sim, "watch_cache_capacity")).toBeGreaterThan(12_800);
    expect(value(sim, "watch_cache_capacity_decrease_total")).toBe(0);
  });

  it("shrinks when a trickle of writes goes on", () => {
    const sim = run(`${BURST},20@25`, 300);
    expect(value(sim, "watch_cache_capacity_decrease_total")).toBeGreaterThan(0);
  });
});
