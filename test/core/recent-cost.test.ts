import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// The etcd panel's "last second" is exactly the difference of the per-reason counters a second
// apart, so a run's snapshot and its Prometheus text agree.

const VIEW = { ringSegments: 8, maxWaiters: 0, maxOutcomes: 0, seriesPoints: 2 };

function counter(sim: ReturnType<typeof createSimulation>, family: string, reason: string): number {
  const line = sim
    .prometheusText()
    .split("\n")
    .find((l) => l.startsWith(`${family}{reason="${reason}"}`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("what etcd did over the last second", () => {
  it("is the per-reason counters now minus a second ago, during a herd", () => {
    const { scenario } = parseScenario("stall=5-25&herd=2000@10");
    const sim = createSimulation(scenario);
    sim.advanceTo(13 * NS_PER_S);
    const before = {
      requests: counter(sim, "watchcachelab_etcd_requests_total", "fallback"),
      busy: counter(sim, "watchcachelab_etcd_busy_seconds_total", "fallback"),
      bytes: counter(sim, "watchcachelab_etcd_bytes_total", "fallback"),
    };
    sim.advanceTo(14 * NS_PER_S);
    const { recent } = sim.snapshot(VIEW).etcd;
    expect(recent.windowSeconds).toBe(1);
    const fallback = recent.byReason.fallback;
    expect(fallback.requests).toBeGreaterThan(0);
    expect(fallback.requests).toBe(
      counter(sim, "watchcachelab_etcd_requests_total", "fallback") - before.requests,
    );
    expect(fallback.busySeconds).toBeCloseTo(
      counter(sim, "watchcachelab_etcd_busy_seconds_total", "fallback") - before.busy,
      9,
    );
    expect(fallback.bytes).toBe(
      counter(sim, "watchcachelab_etcd_bytes_total", "fallback") - before.bytes,
    );
  });

  it("covers only the time run so far at the start", () => {
    const { scenario } = parseScenario("");
    const sim = createSimulation(scenario);
    sim.advanceTo(NS_PER_S / 4);
    expect(sim.snapshot(VIEW).etcd.recent.windowSeconds).toBeCloseTo(0.25, 9);
  });
});
