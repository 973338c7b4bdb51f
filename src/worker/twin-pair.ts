import type {
  Nanos,
  Scenario,
  ScenarioKey,
  SimSnapshot,
  Simulation,
  SnapshotView,
} from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";
import { keyTextsOf, scenarioWithKeys } from "./twin-keys.ts";

// Twin runs: two simulations in one worker, advanced to the same simulated moment on every call,
// so they share one clock by construction (two workers would need the page to keep them in step,
// and on a busy machine one would lag the other). To the host the pair is run A: its marks,
// metrics and world are A's; run B follows every live change and fault except on the keys it
// overrides, so B is always A with B's keys put back. Time travel parks and replays whole pairs.

export interface TwinPair extends HostedRun {
  readonly twin: Simulation;
  /** Both runs' snapshots, each at half the page's budget: two half-width columns. */
  frame(view: SnapshotView): { snapshot: SimSnapshot; twin: SimSnapshot };
  /** A new pair from 0 s for run A's `scenario`, B set apart from it as in this pair. */
  fresh(scenario: Scenario): TwinPair;
}

const half = (count: number) => Math.max(1, Math.ceil(count / 2));

const twinView = (view: SnapshotView): SnapshotView => ({
  ...view,
  ringSegments: half(view.ringSegments),
  maxWaiters: half(view.maxWaiters),
  maxOutcomes: half(view.maxOutcomes),
});

export function createTwinPair(
  createSimulation: (scenario: Scenario) => Simulation,
  mainScenario: Scenario,
  twinScenario: Scenario,
  differing: readonly ScenarioKey[],
): TwinPair {
  const main = createSimulation(mainScenario);
  const twin = createSimulation(twinScenario);
  const follows = (key: ScenarioKey) => !differing.includes(key);
  const twinOf = (scenario: Scenario) =>
    scenarioWithKeys(scenario, keyTextsOf(twin.scenario, differing)).scenario;
  return {
    main,
    twin,
    differing,
    get nowNs(): Nanos {
      return main.nowNs;
    },
    get scenario(): Scenario {
      return main.scenario;
    },
    get world() {
      return main.world;
    },
    get markCount() {
      return main.markCount;
    },
    advanceTo(tNs) {
      main.advanceTo(tNs);
      twin.advanceTo(tNs);
    },
    setLive(key, value) {
      main.setLive(key, value);
      if (follows(key)) twin.setLive(key, value);
    },
    inject(fault) {
      main.inject(fault);
      // A fault's kind is the scenario key that records it.
      if (follows(fault.kind)) twin.inject(fault);
    },
    adopt(scenario) {
      twin.adopt(twinOf(scenario));
      main.adopt(scenario);
    },
    fresh: (scenario) => createTwinPair(createSimulation, scenario, twinOf(scenario), differing),
    snapshot: (view) => main.snapshot(twinView(view)),
    frame: (view) => ({
      snapshot: main.snapshot(twinView(view)),
      twin: twin.snapshot(twinView(view)),
    }),
    metrics: () => main.metrics(),
    marksSince: (seq) => main.marksSince(seq),
    prometheusText: () => main.prometheusText(),
    traceHash: () => main.traceHash(),
  };
}
