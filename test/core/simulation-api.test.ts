import { describe, expect, it } from "vitest";
import { encodeScenario, parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import type { SnapshotView } from "../../src/sim/snapshot.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

const scenario = (query: string) => parseScenario(query).scenario;
const BUSY = "writes=300&reads=400&mix=rv0:5,consistent:3,notOlderThan:1,exact:1&watchers=20&ryw=3";

describe("createSimulation", () => {
  it("gives one trace hash and one exposition for two runs of one scenario", () => {
    const a = createSimulation(scenario(`${BUSY}&herd=200@3&restart=6&compact=4&stall=7-8`));
    const b = createSimulation(scenario(`${BUSY}&herd=200@3&restart=6&compact=4&stall=7-8`));
    a.advanceTo(10 * NS_PER_S);
    for (let t = 0.25; t <= 10; t += 0.25) b.advanceTo(t * NS_PER_S);
    expect(a.traceHash()).toMatch(/^[0-9a-f]{16}$/);
    expect(b.traceHash()).toBe(a.traceHash());
    expect(b.prometheusText()).toBe(a.prometheusText());
  });

  it("replays a run with live changes and faults from the scenario it records", () => {
    const live = createSimulation(scenario(BUSY));
    live.advanceTo(2.5e9);
    live.setLive("writes", 900);
    live.setLive("reads", 50);
    live.advanceTo(4e9); // exactly on a millisecond: the change is recorded after now
    live.setLive("etcdConcurrency", 2);
    live.setLive("watchers", 5);
    live.inject({ kind: "herd", clients: 300 });
    live.advanceTo(5.1234567e9);
    live.inject({ kind: "stall", durationS: 1.5 });
    live.setLive("lag", 300);
    live.advanceTo(7e9);
    live.inject({ kind: "restart" });
    live.inject({ kind: "away", watchers: 3, durationS: 2 });
    live.advanceTo(12e9);
    const recorded = parseScenario(encodeScenario(live.scenario));
    expect(recorded.issues).toEqual([]);
    const replay = createSimulation(recorded.scenario);
    replay.advanceTo(12e9);
    expect(replay.traceHash()).toBe(live.traceHash());
    expect(replay.prometheusText()).toBe(live.prometheusText());
  });

  it("counts RV=0 reads without running them exactly as running them would", () => {
    const query = `${BUSY}&restart=3&herd=100@2`;
    const counted = createSimulation(scenario(query));
    const ran = createSimulation(scenario(query), { countRv0AtOnce: false });
    counted.advanceTo(8e9);
    ran.advanceTo(8e9);
    expect(counted.prometheusText()).toBe(ran.prometheusText());
    expect(counted.traceHash()).toBe(ran.traceHash());
  });
});

describe("snapshot", () => {
  const view: SnapshotView = { ringSegments: 12, maxWaiters: 5, maxOutcomes: 7, seriesPoints: 50 };

  it("is sized by the view, not by the workload", () => {
    const sim = createSimulation(scenario(`${BUSY}&lag=4000&herd=500@1`));
    sim.advanceTo(2.5e9);
    const snap = sim.snapshot(view);
    expect(snap.waiterCount).toBeGreaterThan(view.maxWaiters);
    expect(snap.waiters).toHaveLength(view.maxWaiters);
    expect(snap.recentOutcomes).toHaveLength(view.maxOutcomes);
    expect(snap.ring.segments.length).toBeLessThanOrEqual(view.ringSegments);
    expect(snap.series.tNs.length).toBeLessThanOrEqual(view.seriesPoints);
    expect(snap.etcdRevision).toBeGreaterThanOrEqual(snap.cacheRv);
    expect(snap.lagSeconds).toBeGreaterThan(2);
    const served = Object.values(snap.outcomes.rv0).reduce((a, b) => a + b, 0);
    expect(served).toBeGreaterThan(0);
  });

  it("keeps its series buffer bounded however long the run", () => {
    const sim = createSimulation(scenario("reads=0&writes=1&watchers=0&otherWrites=0"));
    // An hour is ~360 000 samples at 10 ms: the 4096-point buffer must have halved many times.
    sim.advanceTo(3600 * NS_PER_S);
    const series = sim.snapshot({ ...view, seriesPoints: 100_000 }).series;
    expect(series.tNs.length).toBeLessThanOrEqual(4096);
    expect(series.tNs[series.tNs.length - 1]).toBeGreaterThan(3500 * NS_PER_S);
  });
});
