import { describe, expect, it } from "vitest";
import { PRESETS } from "../../src/content/presets.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// KEP-2340's "Qualification": across a fleet, with every read with RV > 0 observed (the ≤ 1.36
// rule), 99.9 % of waits for a fresh cache ended within 110 ms. The "production-like" preset must
// give the same share within ± 0.05 points, counted from the model's own record of each wait (the
// snapshot's waitTally), over a run of about 100 000 waits: one wait in 1000 is then ~100 waits,
// and 0.05 points is 50 of them.

const PUBLISHED_SHARE = 0.999;
const TOLERANCE = 0.0005;
const SECONDS = 250;

const preset = PRESETS.find((p) => p.id === "production-like");

function waitsOf(query: string) {
  const { scenario, issues } = parseScenario(query);
  expect(issues).toEqual([]);
  const sim = createSimulation(scenario);
  sim.advanceTo(SECONDS * NS_PER_S);
  const snapshot = sim.snapshot({
    maxWaiters: 0,
    maxOutcomes: 0,
    ringSegments: 1,
    seriesPoints: 1,
  });
  // The same waits apiserver_watch_cache_read_wait_seconds observed, none more, none fewer.
  expect(snapshot.waitTally.waits).toBe(snapshot.readWait.count);
  return snapshot.waitTally;
}

describe("the production-like preset's waits", () => {
  it("observes every read with RV > 0 (the ≤ 1.36 rule)", () => {
    expect(preset?.query).toMatch(/(^|&)k8s=1\.3[3-6](&|$)/);
  });

  // Three seeds: the share is the scenario's, not one draw's.
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: ${PUBLISHED_SHARE * 100} % ± 0.05 points end within 110 ms`, () => {
      const tally = waitsOf(`${preset?.query}&seed=${seed}`);
      expect(tally.waits).toBeGreaterThan(90_000);
      const share = tally.within110ms / tally.waits;
      expect(Math.abs(share - PUBLISHED_SHARE)).toBeLessThanOrEqual(TOLERANCE);
      expect(tally.atWall).toBe(0);
    }, 120_000);
  }
});
