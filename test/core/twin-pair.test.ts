import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import type { Outcome, SimSnapshot } from "../../src/sim/snapshot.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { readTwin } from "../../src/state/twin-override.ts";
import { createTwinPair } from "../../src/worker/twin-pair.ts";

const VIEW = { ringSegments: 64, maxWaiters: 200, maxOutcomes: 40, seriesPoints: 240 };

/** Runs A (`main`) and B (`main` with the `twin` override) as the worker pairs them. */
function pairOf(main: string, twin: string) {
  const scenario = parseScenario(main).scenario;
  const reading = readTwin(twin, scenario);
  if (!reading.ok) throw new Error(JSON.stringify(reading.issues));
  return createTwinPair(createSimulation, scenario, reading.scenario, reading.differing);
}

const total = (snapshot: SimSnapshot, outcome: Outcome) =>
  Object.values(snapshot.outcomes).reduce((sum, byOutcome) => sum + byOutcome[outcome], 0);

describe("a twin pair", () => {
  it("with identical knobs replays the same run on both sides, event for event", () => {
    const pair = pairOf("lag=800&writes=200&herd=300@3", "retry=obey");
    for (const seconds of [1, 4, 9]) {
      pair.advanceTo(seconds * NS_PER_S);
      expect(pair.twin.traceHash()).toBe(pair.main.traceHash());
      const { snapshot: a, twin: b } = pair.frame(VIEW);
      expect(b).toEqual(a);
    }
  });

  it("with the skip-fallback gate flipped answers a herd on a lagging cache with 429, not fallbacks", () => {
    const pair = pairOf(
      "lag=4000&herd=500@2",
      "gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    );
    pair.advanceTo(10 * NS_PER_S);
    const { snapshot: a, twin: b } = pair.frame(VIEW);
    expect(b.nowNs).toBe(a.nowNs);
    expect(pair.twin.traceHash()).not.toBe(pair.main.traceHash());
    expect(total(a, "fallback")).toBeGreaterThan(500);
    expect(total(a, "429")).toBe(0);
    expect(total(b, "fallback")).toBe(0);
    expect(total(b, "429")).toBeGreaterThan(500);
  });

  it("passes live changes and faults to both runs, except on the keys that differ", () => {
    const pair = pairOf("lag=20", "lag=4000");
    pair.advanceTo(2 * NS_PER_S);
    pair.setLive("writes", 50);
    pair.setLive("lag", 100);
    pair.inject({ kind: "herd", clients: 10 });
    expect(pair.twin.scenario.writes).toEqual(pair.main.scenario.writes);
    expect(pair.twin.scenario.herd).toEqual(pair.main.scenario.herd);
    expect(pair.main.scenario.lag.length).toBe(2);
    expect(pair.twin.scenario.lag).toEqual(parseScenario("lag=4000").scenario.lag);
  });

  it("adopts a later scenario for A and puts B's own keys back", () => {
    const pair = pairOf("lag=20", "lag=4000");
    pair.advanceTo(2 * NS_PER_S);
    pair.adopt(parseScenario("lag=20@0,100@3&writes=20@0,50@3").scenario);
    expect(pair.twin.scenario.writes).toEqual(pair.main.scenario.writes);
    expect(pair.twin.scenario.lag).toEqual(parseScenario("lag=4000").scenario.lag);
    const fresh = pair.fresh(pair.main.scenario);
    expect(fresh.nowNs).toBe(0);
    expect(fresh.twin.scenario).toEqual(pair.twin.scenario);
  });
});
