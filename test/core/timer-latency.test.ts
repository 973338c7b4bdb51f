import { describe, expect, it } from "vitest";
import { ms, seconds } from "../../src/sim/time.ts";
import { countAtOrBelow, histogram, run, value } from "./simulation-helpers.ts";
import { makeCache, pod } from "./watch-cache-fixture.ts";

// A timed-out wait on a real clock resumes a little after its 3 s deadline (timer slack, then
// the goroutine is scheduled and retakes the lock), so it is observed in +Inf, never in le="3".

const READ_WAIT = "apiserver_watch_cache_read_wait_seconds";

/** The `le` bucket counts of the read-wait histogram as the Prometheus text prints them. */
function bucketsInText(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(
    /^apiserver_watch_cache_read_wait_seconds_bucket\{[^}]*le="([^"]+)"\} (\S+)$/gm,
  )) {
    out[m[1] as string] = Number(m[2]);
  }
  return out;
}

describe("timer wake-up latency (scenario key timerLatency)", () => {
  it('lag=4000 for 60 s: le="3" stays thin and +Inf holds the timeouts', () => {
    const sim = run("lag=4000", 60);
    const buckets = bucketsInText(sim.metrics().exposition());
    const h = histogram(sim, READ_WAIT);
    const count = buckets["+Inf"] as number;
    const atOrBelow3 = buckets["3"] as number;
    expect(count).toBe(h.count);
    expect(count).toBeGreaterThan(1000);
    // A cache 4 s behind times out most waits, and every timeout lands above 3 s: le="3" holds
    // only the waits that ended in time, and nothing sits in (2 s, 3 s].
    expect(count - atOrBelow3).toBeGreaterThan(count * 0.8);
    expect(atOrBelow3).toBe(buckets["2"]);
    // Each timeout observes 3 s + 0.1 ms: the sum says so.
    const timeouts = count - atOrBelow3;
    expect(h.sum).toBeGreaterThanOrEqual(timeouts * 3.0001 - 1e-6);
    expect(
      value(sim, "apiserver_watch_cache_consistent_read_total", { fallback: "true" }),
    ).toBeGreaterThan(0);
  });

  it('timerLatency=0 observes exactly 3 s, as upstream\'s fake clock does: le="3" holds them', () => {
    const sim = run("lag=4000&timerLatency=0", 60);
    const h = histogram(sim, READ_WAIT);
    expect(h.count).toBeGreaterThan(500);
    expect(countAtOrBelow(h, 3)).toBe(h.count);
  });

  it("a timed-out read resumes timerLatency after its deadline and observes 3 s plus it", () => {
    const f = makeCache({ timerLatencyNs: ms(1) });
    const read = f.get(9);
    f.scheduler.runUntil(seconds(3) + ms(1) - 1);
    expect(read.done).toBe(false);
    f.scheduler.runUntil(seconds(3) + ms(1));
    expect(read.done).toBe(true);
    expect(read.err?.message).toBe("Timeout: Too large resource version: 9, current: 0");
    expect(f.metrics.readWait.sum).toBeCloseTo(3.001, 12);
    expect(f.metrics.readWait.counts.at(-1)).toBe(1);
  });

  it("an RV that reaches the waiter between its deadline and its wake-up still wins", () => {
    const f = makeCache({ timerLatencyNs: ms(1) });
    const read = f.get(7);
    f.scheduler.runUntil(seconds(3) + ms(0.5));
    f.cache.processEvent("ADDED", pod("a", 7), 7, f.scheduler.nowNs);
    expect(read).toMatchObject({ done: true, err: null, rv: 7 });
    expect(f.metrics.readWait.sum).toBeCloseTo(3.0005, 12);
  });
});
