import { describe, expect, it } from "vitest";
import { newRequestContext } from "../../src/sim/storage/request-context.ts";
import { ms, seconds } from "../../src/sim/time.ts";
import { makeCache, pod } from "./watch-cache-fixture.ts";

describe("waitUntilFreshLocked", () => {
  it.each(["1.36", "1.37"] as const)("in %s, RV=0 never waits and starts no timer", (version) => {
    const f = makeCache({ version });
    const read = f.get(0);
    expect(read.done).toBe(true);
    expect(read.err).toBeNull();
    expect(f.cache.wakeupTimersStarted).toBe(0);
    expect(f.metrics.readWait.count).toBe(0);
    expect(f.progressRequestsNs).toEqual([]);
  });

  it("in 1.36, starts a timer and records a wait for every RV>0 read, fresh ones included", () => {
    const f = makeCache({ version: "1.36" });
    f.cache.processEvent("ADDED", pod("a", 5), 5, 0);
    expect(f.get(5).done).toBe(true);
    expect(f.get(3).done).toBe(true);
    expect(f.cache.wakeupTimersStarted).toBe(2);
    expect(f.cache.wakeupTimersPending).toBe(2);
    expect(f.metrics.readWait.count).toBe(2);
    expect(f.metrics.readWait.sum).toBe(0);
    expect(f.progressRequestsNs).toEqual([]);
  });

  it("in 1.37, starts a timer and records a wait only for reads that really wait", () => {
    const f = makeCache({ version: "1.37" });
    f.cache.processEvent("ADDED", pod("a", 5), 5, 0);
    f.get(5);
    f.get(3);
    expect(f.cache.wakeupTimersStarted).toBe(0);
    expect(f.metrics.readWait.count).toBe(0);
    const waiting = f.get(6);
    expect(waiting.done).toBe(false);
    expect(f.cache.wakeupTimersStarted).toBe(1);
    f.scheduler.runUntil(ms(250));
    f.cache.processEvent("ADDED", pod("b", 6), 6, f.scheduler.nowNs);
    expect(waiting.done).toBe(true);
    expect(f.metrics.readWait.count).toBe(1);
    expect(f.metrics.readWait.sum).toBeCloseTo(0.25, 12);
  });

  it("with the noRvGuard what-if, starts a timer for every read, RV=0 included, and keeps it pending for 3 s", () => {
    const f = makeCache({ version: "1.37", whatif: { noRvGuard: true } });
    expect(f.get(0).done).toBe(true);
    expect(f.cache.wakeupTimersStarted).toBe(1);
    expect(f.metrics.readWait.count).toBe(0);
    f.scheduler.runUntil(seconds(3) - 1);
    expect(f.cache.wakeupTimersPending).toBe(1);
    f.scheduler.runUntil(seconds(3));
    expect(f.cache.wakeupTimersPending).toBe(0);
  });

  it("succeeds when woken by a bookmark", () => {
    const f = makeCache();
    const read = f.get(10);
    f.scheduler.runUntil(ms(40));
    f.cache.updateResourceVersion(10);
    expect(read).toMatchObject({ done: true, err: null, rv: 10, pod: null });
  });

  it("succeeds when the RV arrives exactly at the deadline", () => {
    const f = makeCache();
    const read = f.get(7);
    f.scheduler.at(seconds(3), f.scheduler.kind("test.event"), 0, () =>
      f.cache.processEvent("ADDED", pod("a", 7), 7, seconds(3)),
    );
    f.scheduler.runUntil(seconds(3));
    expect(read).toMatchObject({ done: true, err: null, rv: 7 });
    expect(read.pod?.rv).toBe(7);
  });

  it("times out after 3 s with the exact 504", () => {
    const f = makeCache();
    f.cache.processEvent("ADDED", pod("a", 4), 4, 0);
    const read = f.get(9);
    f.scheduler.runUntil(seconds(3) - 1);
    expect(read.done).toBe(false);
    f.scheduler.runUntil(seconds(3));
    expect(read.err).toEqual({
      kind: "status",
      code: 504,
      reason: "Timeout",
      message: "Timeout: Too large resource version: 9, current: 4",
      retryAfterSeconds: 1,
      causes: [{ type: "ResourceVersionTooLarge", message: "Too large resource version" }],
    });
    expect(f.metrics.readWait.sum).toBe(3);
  });

  it("requests progress at once and then every 100 ms while anyone waits", () => {
    const f = makeCache();
    f.scheduler.runUntil(ms(1000));
    f.get(100);
    f.scheduler.runUntil(ms(1350));
    expect(f.progressRequestsNs).toEqual([ms(1000), ms(1100), ms(1200), ms(1300)]);
    f.cache.updateResourceVersion(100);
    f.scheduler.runUntil(ms(1420));
    expect(f.progressRequestsNs).toHaveLength(4);
    f.get(200);
    expect(f.cache.progress.waiting).toBe(1);
    f.scheduler.runUntil(ms(1420));
    expect(f.progressRequestsNs.at(-1)).toBe(ms(1420));
  });

  it("does not request progress less than 100 ms after the last request", () => {
    const f = makeCache();
    f.get(100);
    f.scheduler.runUntil(ms(10));
    f.cache.updateResourceVersion(100);
    f.scheduler.runUntil(ms(30));
    f.get(200);
    f.scheduler.runUntil(ms(99));
    expect(f.progressRequestsNs).toEqual([0]);
    f.scheduler.runUntil(ms(100));
    expect(f.progressRequestsNs).toEqual([0, ms(100)]);
  });

  it("does not register for progress when consistent reads are unsupported", () => {
    const f = makeCache({ consistentReadSupported: false });
    f.get(5);
    f.scheduler.runUntil(ms(500));
    expect(f.progressRequestsNs).toEqual([]);
  });

  it("brings the waiter count back to zero when the cache catches up", () => {
    const f = makeCache();
    const reads = [f.get(3), f.get(5), f.get(4), f.get(5)];
    expect(f.cache.waiterCount).toBe(4);
    const targets = (max?: number) => f.cache.waiters(max).map((w) => w.targetRv);
    expect(targets()).toEqual([3, 5, 4, 5]);
    expect(targets(2)).toEqual([3, 5]);
    f.cache.processEvent("ADDED", pod("a", 4), 4, 0);
    expect(f.cache.waiterCount).toBe(2);
    expect(targets()).toEqual([5, 5]);
    f.cache.replace([pod("a", 4)], 6);
    expect(f.cache.waiterCount).toBe(0);
    expect(f.cache.waiters()).toEqual([]);
    expect(reads.every((r) => r.done && r.err === null)).toBe(true);
    expect(f.cache.progress.waiting).toBe(0);
  });

  it("keeps serving after many reads time out far above the cache's RV", () => {
    const f = makeCache();
    const lost = Array.from({ length: 500 }, (_, i) => f.get(1_000_000 + i));
    f.scheduler.runUntil(seconds(3));
    expect(lost.every((r) => r.err?.message.startsWith("Timeout: Too large"))).toBe(true);
    expect(f.cache.waiterCount).toBe(0);
    expect(f.cache.waiters()).toEqual([]);
    const later = f.get(2);
    f.cache.processEvent("ADDED", pod("a", 2), 2, seconds(3));
    expect(later).toMatchObject({ done: true, err: null });
    expect(f.metrics.readWait.count).toBe(501);
  });

  it("records what woke a traced request and how long it waited", () => {
    const f = makeCache();
    const ctx = { ...newRequestContext(1), steps: [] };
    f.cache.waitUntilFreshLocked(2, true, ctx, () => {});
    f.scheduler.runUntil(ms(5));
    f.cache.updateResourceVersion(2);
    expect(ctx.waitedNs).toBe(ms(5));
    expect(ctx.wokeBy).toBe("bookmark");
    expect(ctx.steps.map((s: { step: string }) => s.step)).toEqual(["parked", "woken"]);
  });
});
