import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation, type Simulation } from "../../src/sim/simulation.ts";
import type { Outcome } from "../../src/sim/snapshot.ts";
import type { RequestStep } from "../../src/sim/storage/request-context.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// Writes from 0 s, reads from 1 s: by then the cache trails etcd by the 5 s lag.
const LAGGING = "lag=5000&jitter=0&otherWrites=0&watchers=0&reads=0@0,20@1&mix=consistent:1";
const VIEW = { ringSegments: 8, maxWaiters: 50, maxOutcomes: 40, seriesPoints: 10 };

function simulation(query: string, traced = true): Simulation {
  const { scenario, issues } = parseScenario(query);
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  const sim = createSimulation(scenario);
  sim.world.reads.traces.enabled = traced;
  return sim;
}

/** The recorded steps of the newest request that ended with `outcome`. */
function stepsOfLast(sim: Simulation, outcome: Outcome): RequestStep[] {
  const ended = sim.snapshot(VIEW).recentOutcomes.filter((o) => o.outcome === outcome);
  const last = ended.at(-1);
  if (last === undefined) throw new Error(`no ${outcome} outcome`);
  const trace = sim.snapshot({ ...VIEW, traceOf: last.id }).trace;
  if (trace === undefined) throw new Error(`request ${last.id} was not traced`);
  return trace.steps;
}

const names = (steps: readonly RequestStep[]) => steps.map((s) => `${s.step}@${s.line}`);

describe("a traced consistent read on a lagging cache", () => {
  it("arrives, is sent to the cache, learns etcd's RV, parks, is woken by the timer and falls back", () => {
    const sim = simulation(LAGGING);
    sim.advanceTo(10 * NS_PER_S);
    const steps = stepsOfLast(sim, "fallback");
    expect(names(steps)).toEqual([
      "arrived@client.send",
      "decision@shouldDelegate.consistent",
      "currentRv@cacheList.currentRv",
      "parked@wait.sleep",
      "woken@wait.deadline",
      "fallback@getList.fallback",
      "served@getList.fallback",
    ]);
    const at = (i: number) => (steps[i] as RequestStep).atNs;
    for (let i = 1; i < steps.length; i++) expect(at(i)).toBeGreaterThanOrEqual(at(i - 1));
    expect(at(1)).toBe(at(0));
    expect(at(3)).toBe(at(2));
    // The timer fires at 3 s; the read resumes the default 0.1 ms timer latency later.
    expect(at(4) - at(3)).toBe(3 * NS_PER_S + 100_000);
    expect(at(5)).toBe(at(4));
    expect(at(6)).toBeGreaterThan(at(5));
    expect(steps[4]?.detail).toMatch(/^timer: Timeout: Too large resource version/);
  });

  it("with the skip gate, fails with 429 at the wall and the client retries after 1 s", () => {
    const gate = "gates=ConsistentListFromCacheSkipTimeoutFallback=true";
    const sim = simulation(`${LAGGING}&${gate}&retry=obey`);
    sim.advanceTo(10 * NS_PER_S);
    const ended = sim.snapshot(VIEW).recentOutcomes.filter((o) => o.outcome === "429");
    const id = ended[0]?.id as number;
    sim.advanceTo(10 * NS_PER_S + 1);
    const steps = sim.snapshot({ ...VIEW, traceOf: id }).trace?.steps ?? [];
    expect(names(steps).slice(0, 8)).toEqual([
      "arrived@client.send",
      "decision@shouldDelegate.consistent",
      "currentRv@cacheList.currentRv",
      "parked@wait.sleep",
      "woken@wait.deadline",
      "failed@getList.skip",
      "retry@client.retry",
      "arrived@client.send",
    ]);
    expect(steps[5]?.detail).toMatch(
      /^429: Timeout: Too large resource version: \d+, current: \d+$/,
    );
    const retry = steps[6] as RequestStep;
    expect(retry.detail).toBe("429: retry after 1 s (1 of 10)");
    expect((steps[7] as RequestStep).atNs - retry.atNs).toBe(NS_PER_S);
  });
});

describe("a traced read on a fresh cache", () => {
  it("takes the fast path and is served by the cache", () => {
    const sim = simulation("reads=20&mix=notOlderThan:1&otherWrites=0&writes=0&watchers=0");
    sim.advanceTo(5 * NS_PER_S);
    expect(names(stepsOfLast(sim, "cache"))).toEqual([
      "arrived@client.send",
      "decision@shouldDelegate.notOlderThan",
      "fresh@wait.fastPath",
      "served@cacheList.serve",
    ]);
  });
});

describe("tracing", () => {
  const scenarios = [
    `${LAGGING}&herd=300@3&ryw=5`,
    `${LAGGING}&gates=ConsistentListFromCacheSkipTimeoutFallback=true&retry=immediate`,
    "reads=3000&mix=rv0:40,consistent:30,notOlderThan:20,exact:10&writes=500&watchers=10&stall=2-6",
  ];
  for (const query of scenarios) {
    it(`changes no metric and no event: ${query}`, () => {
      const on = simulation(query, true);
      const off = simulation(query, false);
      on.advanceTo(12 * NS_PER_S);
      off.advanceTo(12 * NS_PER_S);
      expect(on.prometheusText()).toBe(off.prometheusText());
      expect(on.traceHash()).toBe(off.traceHash());
    }, 20_000);
  }

  it("keeps only a sample under heavy load, and lists it in the snapshot", () => {
    const sim = simulation("reads=10000&mix=consistent:1&writes=1000&watchers=0");
    sim.advanceTo(3 * NS_PER_S);
    const snapshot = sim.snapshot(VIEW);
    const ids = snapshot.recentOutcomes.map((o) => o.id);
    const traced = ids.filter((id) => sim.snapshot({ ...VIEW, traceOf: id }).trace !== undefined);
    expect(traced.length).toBeLessThan(ids.length / 4);
    expect(snapshot.tracedIds?.length).toBeLessThanOrEqual(256 + 128);
    expect(ids.filter((id) => snapshot.tracedIds?.includes(id))).toEqual(traced);
  });

  it("keeps a followed read's trace to its end when a stall's end finishes hundreds at once", () => {
    // Skip gate on, a 10 s stall: the page followed a parked read, and when the stall ended the
    // ring of 128 ended traces dropped it; the page went on showing it parked.
    const sim = simulation(
      "gates=ConsistentListFromCacheSkipTimeoutFallback=true&stall=2.6-12.6&mix=consistent:1",
    );
    sim.advanceTo(8 * NS_PER_S);
    const parked = sim
      .snapshot(VIEW)
      .waiters.find((w) => sim.snapshot({ ...VIEW, traceOf: w.id }).trace?.live === true);
    if (parked === undefined) throw new Error("no traced read parked at 8 s");
    sim.advanceTo(17.7 * NS_PER_S);
    const trace = sim.snapshot({ ...VIEW, traceOf: parked.id }).trace;
    expect(trace?.live).toBe(false);
    const steps = trace?.steps.map((step) => step.step) ?? [];
    expect(steps).toContain("woken");
    expect(steps.at(-1)).toBe("served");
  });
});
