import type {
  Scenario,
  ScenarioKey,
  SimSnapshot,
  Simulation,
  SnapshotView,
} from "../model/index.ts";

// The one kind of run the worker hosts: a simulation, alone or with a twin beside it on the same
// clock (twin-pair.ts). Either way it is run A to the host (its marks, metrics and scenario), so
// the host, time travel and the checkpoints handle one type and never ask which kind they hold.

export interface HostedRun extends Simulation {
  /** Run A: the run itself, or the main run of a twin pair. */
  readonly main: Simulation;
  /** Run B, on the same clock as A; null without a twin. */
  readonly twin: Simulation | null;
  /** The keys B sets apart from A (none without a twin). */
  readonly differing: readonly ScenarioKey[];
  /** A frame's snapshots: A's, and B's beside it when there is a twin. */
  frame(view: SnapshotView): { snapshot: SimSnapshot; twin?: SimSnapshot };
  /** A run of the same kind from 0 s for A's `scenario` (time travel replays whole pairs). */
  fresh(scenario: Scenario): HostedRun;
}

/** A run without a twin, as the host holds it. */
export function hostSingle(
  createSimulation: (scenario: Scenario) => Simulation,
  scenario: Scenario,
): HostedRun {
  return single(createSimulation, createSimulation(scenario));
}

/** `run` (already started) without a twin: what a pair leaves when its twin is dropped. */
export function single(
  createSimulation: (scenario: Scenario) => Simulation,
  run: Simulation,
): HostedRun {
  return {
    main: run,
    twin: null,
    differing: [],
    get nowNs() {
      return run.nowNs;
    },
    get scenario() {
      return run.scenario;
    },
    get world() {
      return run.world;
    },
    get markCount() {
      return run.markCount;
    },
    advanceTo: (tNs) => run.advanceTo(tNs),
    setLive: (key, value) => run.setLive(key, value),
    inject: (fault) => run.inject(fault),
    adopt: (next) => run.adopt(next),
    snapshot: (view) => run.snapshot(view),
    frame: (view) => ({ snapshot: run.snapshot(view) }),
    fresh: (next) => hostSingle(createSimulation, next),
    metrics: () => run.metrics(),
    marksSince: (seq) => run.marksSince(seq),
    prometheusText: () => run.prometheusText(),
    traceHash: () => run.traceHash(),
  };
}
