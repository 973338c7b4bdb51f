import { describe, expect, it } from "vitest";
import {
  consistentReads,
  countAtOrBelow,
  etcdRequests,
  histogram,
  observations,
  reads,
  run,
  value,
} from "./simulation-helpers.ts";

// Writes from 0 s, reads from 1 s: by then the cache trails etcd by the 5 s lag.
const LAGGING = "lag=5000&jitter=0&otherWrites=0&watchers=0";

describe("a cache lagging 5 s", () => {
  it("makes every consistent read wait 3 s and fall back to etcd", () => {
    const sim = run(`${LAGGING}&reads=0@0,20@1&mix=consistent:1`, 30);
    const served = reads(sim, { kind: "consistent" });
    expect(served).toBeGreaterThan(400);
    expect(reads(sim, { kind: "consistent", served_by: "etcd", code: "200" })).toBe(served);
    expect(consistentReads(sim, "true", "true")).toBe(served);
    expect(consistentReads(sim, "true", "false")).toBe(0);
    expect(etcdRequests(sim, "fallback")).toBe(served);
    const wait = histogram(sim, "apiserver_watch_cache_read_wait_seconds");
    expect(wait.count).toBe(served);
    // Every wait times out: 3 s plus the default 0.1 ms timer latency, all in +Inf.
    expect(countAtOrBelow(wait, 3)).toBe(0);
    expect(wait.sum / wait.count).toBeCloseTo(3.0001, 6);
  });

  it("answers 429 with the skip gate, and etcd sees no fallback list", () => {
    const gate = "gates=ConsistentListFromCacheSkipTimeoutFallback=true";
    const sim = run(`${LAGGING}&reads=0@0,20@1&mix=consistent:1&retry=none&${gate}`, 30);
    const failed = reads(sim, { kind: "consistent", served_by: "none", code: "429" });
    expect(failed).toBeGreaterThan(400);
    expect(reads(sim, { kind: "consistent" })).toBe(failed);
    expect(consistentReads(sim, "false", "skipped")).toBe(failed);
    expect(etcdRequests(sim, "fallback")).toBe(0);
  });

  it("gives pinned read-your-own-write reads 504 and never falls back", () => {
    const sim = run(`${LAGGING}&reads=0&ryw=5&rywRead=pinned&retry=none`, 30);
    const pinned = reads(sim, { kind: "ryw" });
    expect(pinned).toBeGreaterThan(10);
    expect(reads(sim, { kind: "ryw", served_by: "none", code: "504" })).toBe(pinned);
    expect(etcdRequests(sim, "fallback")).toBe(0);
    expect(value(sim, "apiserver_watch_cache_consistent_read_total")).toBe(0);
  });
});

describe("a herd of consistent LISTs on a lagging cache", () => {
  const herd = "reads=0&watchers=0&otherWrites=0&herd=1000@10&lag=4000&jitter=0&retry=none";

  it("sends a second wave of fallback LISTs to etcd at the 3 s wall", () => {
    const sim = run(herd, 12.9);
    expect(etcdRequests(sim, "current_rv")).toBe(1000);
    expect(etcdRequests(sim, "fallback")).toBe(0);
    sim.advanceTo(20e9);
    expect(etcdRequests(sim, "fallback")).toBe(1000);
    expect(consistentReads(sim, "true", "true")).toBe(1000);
  });

  it("sends no second wave with the skip gate", () => {
    const sim = run(`${herd}&gates=ConsistentListFromCacheSkipTimeoutFallback=true`, 20);
    expect(etcdRequests(sim, "current_rv")).toBe(1000);
    expect(etcdRequests(sim, "fallback")).toBe(0);
    expect(consistentReads(sim, "false", "skipped")).toBe(1000);
  });
});

describe("RV=0 reads", () => {
  it("never wait and start no timer, even on a lagging cache", () => {
    const sim = run(`${LAGGING}&reads=50&mix=rv0:1`, 20);
    expect(reads(sim, { kind: "rv0", served_by: "cache", code: "200" })).toBeGreaterThan(800);
    expect(value(sim, "watchcachelab_wakeup_timers_started_total")).toBe(0);
    expect(observations(sim, "apiserver_watch_cache_read_wait_seconds")).toBe(0);
  });

  it("start a timer each with the noRvGuard what-if", () => {
    const sim = run(`${LAGGING}&reads=50&mix=rv0:1&whatif=noRvGuard`, 20);
    const served = reads(sim, { kind: "rv0" });
    expect(value(sim, "watchcachelab_wakeup_timers_started_total")).toBe(served);
    expect(observations(sim, "apiserver_watch_cache_read_wait_seconds")).toBe(0);
  });
});

describe("the wait function by version", () => {
  // No lag and no other writes: every NotOlderThan read finds the cache already fresh.
  const fresh = "lag=0&jitter=0&otherWrites=0&writes=5&watchers=0&reads=20&mix=notOlderThan:1";

  it("1.36 starts a timer and records a wait for every read with RV > 0", () => {
    const sim = run(`k8s=1.36&${fresh}`, 20);
    const served = reads(sim, { kind: "notOlderThan" });
    expect(served).toBeGreaterThan(300);
    expect(value(sim, "watchcachelab_wakeup_timers_started_total")).toBe(served);
    const wait = histogram(sim, "apiserver_watch_cache_read_wait_seconds");
    expect(wait.count).toBe(served);
    expect(countAtOrBelow(wait, 0.005)).toBe(served);
  });

  it("1.37 starts them only for real waits", () => {
    const sim = run(fresh, 20);
    expect(reads(sim, { kind: "notOlderThan" })).toBeGreaterThan(300);
    expect(value(sim, "watchcachelab_wakeup_timers_started_total")).toBe(0);
    expect(observations(sim, "apiserver_watch_cache_read_wait_seconds")).toBe(0);
  });
});

describe("the history ring", () => {
  it("grows with a burst of churn and shrinks in the quiet after it", () => {
    const sim = run("writes=400@0,20@20&reads=0&watchers=0&otherWrites=0", 20);
    expect(value(sim, "watch_cache_capacity")).toBe(12800);
    expect(value(sim, "watch_cache_capacity_increase_total")).toBe(7);
    sim.advanceTo(400e9);
    expect(value(sim, "watch_cache_capacity_decrease_total")).toBeGreaterThanOrEqual(1);
    // The quarter-point rule stops shrinking while the newest quarter is still fresh.
    expect(value(sim, "watch_cache_capacity")).toBeGreaterThanOrEqual(1600);
  });

  it("flaps without the quarter-point hysteresis (noHysteresis)", () => {
    const query = "writes=400@0,20@20&reads=0&watchers=0&otherWrites=0";
    const steady = run(query, 400);
    const flapping = run(`${query}&whatif=noHysteresis`, 400);
    const changes = (sim: ReturnType<typeof run>) =>
      value(sim, "watch_cache_capacity_increase_total") +
      value(sim, "watch_cache_capacity_decrease_total");
    expect(changes(flapping)).toBeGreaterThan(changes(steady) + 4);
  });
});
