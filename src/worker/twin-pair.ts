import type { Scenario, ScenarioKey } from "../sim/scenario/index.ts";
import type { Fault, SimulationApi } from "../sim/simulation-api.ts";
import type { SimSnapshot, SnapshotView } from "../sim/snapshot.ts";
import type { Nanos } from "../sim/time.ts";

// Twin runs: two simulations in one worker, advanced to the same simulated moment on every call,
// so they share one clock by construction (two workers would need the page to keep them in step,
// and on a busy machine one would lag the other). To the host the pair is run A; run B follows
// every live change and fault except on the keys it overrides.

export interface TwinPair extends SimulationApi {
  readonly main: SimulationApi;
  readonly twin: SimulationApi;
  readonly differing: readonly ScenarioKey[];
  /** Both runs' snapshots, each at half the page's budget: two half-width columns. */
  snapshots(view: SnapshotView): readonly [SimSnapshot, SimSnapshot];
}

const half = (count: number) => Math.max(1, Math.ceil(count / 2));

export const twinView = (view: SnapshotView): SnapshotView => ({
  ringSegments: half(view.ringSegments),
  maxWaiters: half(view.maxWaiters),
  maxOutcomes: half(view.maxOutcomes),
  seriesPoints: view.seriesPoints,
});

export function createTwinPair(
  createSimulation: (scenario: Scenario) => SimulationApi,
  mainScenario: Scenario,
  twinScenario: Scenario,
  differing: readonly ScenarioKey[],
): TwinPair {
  const main = createSimulation(mainScenario);
  const twin = createSimulation(twinScenario);
  const follows = (key: ScenarioKey) => !differing.includes(key);
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
    advanceTo(tNs) {
      main.advanceTo(tNs);
      twin.advanceTo(tNs);
    },
    setLive(key, value) {
      main.setLive(key, value);
      if (follows(key)) twin.setLive(key, value);
    },
    inject(fault: Fault) {
      main.inject(fault);
      // A fault's kind is the scenario key that records it.
      if (follows(fault.kind)) twin.inject(fault);
    },
    snapshot: (view) => main.snapshot(twinView(view)),
    snapshots: (view) => [main.snapshot(twinView(view)), twin.snapshot(twinView(view))],
    prometheusText: () => main.prometheusText(),
    traceHash: () => main.traceHash(),
  };
}

export const isTwinPair = (run: SimulationApi): run is TwinPair => "twin" in run;
