import type { Scenario, SimSnapshot, SnapshotView } from "../../model/index.ts";
import { createSimulation, NS_PER_S } from "../../model/index.ts";

// A run of the model computed on the spot, for a check whose answer depends on other runs than the
// one on screen (content/challenges/list/smallest-lag.ts). A minute of the default load takes
// tens of milliseconds.

const COUNTS_ONLY: SnapshotView = {
  ringSegments: 1,
  maxWaiters: 0,
  maxOutcomes: 0,
  seriesPoints: 2,
};

/** The snapshot of `scenario` run headless from 0 s to `seconds`. */
export function runTo(scenario: Scenario, seconds: number): SimSnapshot {
  const simulation = createSimulation(scenario);
  simulation.advanceTo(seconds * NS_PER_S);
  return simulation.snapshot(COUNTS_ONLY);
}
