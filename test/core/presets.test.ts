import { describe, expect, it } from "vitest";
import { PRESETS, type Preset, presetScenarioQuery } from "../../src/content/presets.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import type { SimSnapshot } from "../../src/sim/snapshot.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";

// Each preset must show what its card promises, within its window, headless: the same predicate
// the page evaluates on every frame, checked every half second as a viewer at 100× would see it.
// And the promise must come from what the preset changes: the same predicate on the scenario
// without that change does not hold within the window.

const CHECK_EVERY_NS = NS_PER_S / 2;

/** The first simulated second at which the preset's observable holds, or null. */
function firstSeenS(query: string, preset: Preset): number | null {
  const { scenario, issues } = parseScenario(query);
  expect(issues).toEqual([]);
  const sim = createSimulation(scenario);
  const endNs = preset.observable.windowS * NS_PER_S;
  for (let tNs = CHECK_EVERY_NS; tNs <= endNs; tNs += CHECK_EVERY_NS) {
    sim.advanceTo(tNs);
    const snapshot: SimSnapshot = sim.snapshot(SCREEN_VIEW);
    if (preset.observable.holds(snapshot)) return tNs / NS_PER_S;
  }
  return null;
}

const presetById = (id: string): Preset => {
  const preset = PRESETS.find((candidate) => candidate.id === id);
  if (preset === undefined) throw new Error(`no preset ${id}`);
  return preset;
};

describe("presets", () => {
  for (const preset of PRESETS) {
    it(`"${preset.title}" shows: ${preset.observable.description}`, () => {
      const seenS = firstSeenS(presetScenarioQuery(preset), preset);
      expect(seenS, `not seen within ${preset.observable.windowS} s`).not.toBeNull();
    }, 120_000);
  }
});

// The scenario each observable is set against: the preset minus the thing it demonstrates.
const CONTRASTS: readonly [id: string, without: string][] = [
  ["lagging", ""],
  ["herd", "stall=5-25&herd=2000@10&gates=ConsistentListFromCacheSkipTimeoutFallback=true"],
  ["herd-skip-fallback", "stall=5-25&herd=2000@10"],
  [
    "big-herd",
    "objects=100000&reads=20&mix=rv0:1&stall=5-35&herd=300@10&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
  ],
  ["big-herd-skip-fallback", "objects=100000&reads=20&mix=rv0:1&stall=5-35&herd=300@10"],
  ["ring-grow-shrink", "writes=2000"],
  ["request-timeout", "writes=3000"],
  ["watcher-away", ""],
  ["no-rv-guard", "reads=1000"],
  ["k8s-1.36", "mix=rv0:50,notOlderThan:50&otherWrites=0"],
  ["k8s-1.37", "k8s=1.36&mix=rv0:50,notOlderThan:50&otherWrites=0"],
  // Without the long request timeout the ring's ceiling stays at the default 102 400.
  ["large-cluster", "objects=150000&reads=20000&writes=2000&watchers=1000&etcdConcurrency=64"],
  // With the defaults' 20 ms + 10 ms events, about 1 % of waits pass 110 ms.
  ["production-like", "k8s=1.36&reads=1000"],
];

describe("preset observables come from what the preset changes", () => {
  for (const [id, without] of CONTRASTS) {
    it(`"${presetById(id).title}" is not seen with ${without === "" ? "the defaults" : without}`, () => {
      expect(firstSeenS(without, presetById(id))).toBeNull();
    }, 120_000);
  }
});
