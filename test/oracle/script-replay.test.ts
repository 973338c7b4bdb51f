import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { exportProblems, exportScript } from "../../src/sim/script/export-script.ts";
import { readScript } from "../../src/sim/script/format.ts";
import { runScript } from "../../src/sim/script/run-script.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// A scenario exported as a script and run as one is the same run: the same trace hash, so the
// script mode drives the world exactly as the scenario mode does (docs/oracle-script.md).

const SCRIPTABLE = "&jitter=0&timerLatency=0&retry=none&watchers=0&cacheCost=0";
const CASES: [string, number][] = [
  [
    "lag=4000&limits=consistent:500&objects=2000&mix=consistent:1&reads=0.5@0,0@50&arrival=uniform",
    70,
  ],
  [
    "objects=50&writes=40&reads=30&mix=rv0:1,consistent:1,notOlderThan:1,exact:1&stall=3-9&restart=12&compact=15",
    20,
  ],
  [
    "objects=200&writes=100&reads=20&etcdConcurrency=1&lag=2500&limits=consistent:50,exact:20&gates=ConsistentListFromCacheSkipTimeoutFallback%3Dtrue",
    30,
  ],
  ["k8s=1.36&objects=30&writes=10&reads=10&compaction=5&lag=300", 25],
];

function scenarioOf(text: string) {
  const parsed = parseScenario(text + SCRIPTABLE);
  expect(parsed.issues).toEqual([]);
  return parsed.scenario;
}

describe("a scenario replayed as a script", () => {
  it.each(CASES)("%s for %i s has the scenario run's trace hash", (text, seconds) => {
    const scenario = scenarioOf(text);
    const durationNs = seconds * NS_PER_S;
    const direct = createSimulation(scenario, { countRv0AtOnce: false });
    direct.advanceTo(durationNs);
    const script = exportScript({
      scenario,
      durationNs,
      name: "replay",
      class: "scenario",
      source: text,
    });
    expect(script.requests.length).toBeGreaterThan(0);
    // The scenario's cacher is made at t=0: no head start (the harness's is 100 ms).
    const replayed = runScript(readScript(JSON.parse(JSON.stringify(script))), 0);
    expect(replayed.traceHash).toBe(direct.traceHash());
    expect(replayed.outcome.metrics).toBe(direct.prometheusText());
  });
});

describe("a scenario's LIST costs in a script", () => {
  it("carries etcd's two terms in whole ns", () => {
    const script = exportScript({
      scenario: scenarioOf("objects=10&reads=1"),
      durationNs: NS_PER_S,
      name: "costs",
      class: "scenario",
      source: "",
    });
    expect(script.world.etcdNsPerObject).toBe(1580);
    expect(script.world.etcdNsPer2KiB).toBe(9200);
  });

  it("refuses a cache walk that costs time, and etcd terms finer than a ns", () => {
    const costly = parseScenario("jitter=0&timerLatency=0&retry=none&watchers=0").scenario;
    expect(exportProblems(costly)).toEqual([
      "cacheCost must be 0 (the harness's cacher walks its list in no virtual time)",
    ]);
    const fine = parseScenario(`${SCRIPTABLE.slice(1)}&etcdObjectCost=1.5805`).scenario;
    expect(exportProblems(fine)).toEqual([
      "etcdObjectCost must be whole nanoseconds (a multiple of 0.001 µs)",
    ]);
  });
});
