import type { Scenario } from "../sim/scenario/index.ts";
import { encodeScenario, parseScenario } from "../sim/scenario/index.ts";
import type { SimulationApi } from "../sim/simulation-api.ts";
import type { SnapshotView } from "../sim/snapshot.ts";
import { NS_PER_MS, NS_PER_S } from "../sim/time.ts";
import { advanceWithinBudget, MAX_WALL_STEP_MS, simulatedStepNs } from "./pacing.ts";
import type { TwinSpec, WorkerCommand, WorkerReply } from "./protocol.ts";
import { transferablesOf } from "./protocol.ts";
import { createTwinPair, isTwinPair, type TwinPair } from "./twin-pair.ts";

// Runs one simulation on behalf of the page: the same code in the Web Worker and, in tests,
// in-process. It answers a `frame` request only when it has something new, so a paused run costs
// nothing and a playing one sends at most one snapshot per frame the page asks for.

export interface SimulationHostDeps {
  createSimulation: (scenario: Scenario) => SimulationApi;
  post: (reply: WorkerReply, transfer: ArrayBuffer[]) => void;
  wallNowMs: () => number;
}

export interface SimulationHost {
  handle(command: WorkerCommand): void;
}

export function createSimulationHost(deps: SimulationHostDeps): SimulationHost {
  let sim: SimulationApi | null = null;
  let playing = false;
  let speed = 1;
  let lastWallMs = 0;
  let wallPlayedMs = 0;
  let view: SnapshotView | null = null;
  let framePending = false;
  let changed = false;

  const post = (reply: WorkerReply) => deps.post(reply, []);
  const postScenario = (run: SimulationApi) =>
    post({ type: "scenario", query: encodeScenario(run.scenario) });

  function start(scenario: Scenario, startAtS: number, twin?: TwinSpec): SimulationApi {
    const run =
      twin === undefined
        ? deps.createSimulation(scenario)
        : createTwinPair(
            deps.createSimulation,
            scenario,
            parseScenario(twin.query).scenario,
            twin.differing,
          );
    if (startAtS > 0) run.advanceTo(Math.round(startAtS * NS_PER_S));
    wallPlayedMs = 0;
    lastWallMs = deps.wallNowMs();
    return run;
  }

  function advanceByWallClock(run: SimulationApi) {
    const nowMs = deps.wallNowMs();
    const elapsedMs = nowMs - lastWallMs;
    lastWallMs = nowMs;
    wallPlayedMs += Math.min(Math.max(elapsedMs, 0), MAX_WALL_STEP_MS);
    const targetNs = run.nowNs + simulatedStepNs(elapsedMs, speed);
    advanceWithinBudget((tNs) => run.advanceTo(tNs), run.nowNs, targetNs, deps.wallNowMs);
  }

  function flush() {
    if (!sim || !view || !framePending || !(changed || playing)) return;
    framePending = false;
    changed = false;
    if (isTwinPair(sim)) {
      const [snapshot, twin] = sim.snapshots(view);
      const transfer = [...transferablesOf(snapshot), ...transferablesOf(twin)];
      deps.post({ type: "snapshot", snapshot, twin, playing, wallPlayedMs }, transfer);
      return;
    }
    const snapshot = sim.snapshot(view);
    deps.post({ type: "snapshot", snapshot, playing, wallPlayedMs }, transferablesOf(snapshot));
  }

  function apply(command: WorkerCommand) {
    if (command.type === "load") {
      sim = start(parseScenario(command.query).scenario, command.startAtS, command.twin);
      postScenario(sim);
    } else if (command.type === "frame") {
      view = command.view;
      framePending = true;
      if (sim && playing) advanceByWallClock(sim);
      flush();
      return;
    } else if (command.type === "play") {
      playing = true;
      speed = command.speed;
      lastWallMs = deps.wallNowMs();
    } else if (command.type === "pause") {
      playing = false;
    } else if (!sim) {
      return; // nothing to act on until a run is loaded (or after a crash, until a reload)
    } else if (command.type === "set") {
      sim.setLive(command.key, command.value);
      postScenario(sim);
    } else if (command.type === "fault") {
      sim.inject(command.fault);
      postScenario(sim);
    } else if (command.type === "prometheus") {
      post({ type: "prometheus", requestId: command.requestId, text: sim.prometheusText() });
      return;
    } else if (command.type === "step") {
      sim.advanceTo(sim.nowNs + Math.round(command.simMs * NS_PER_MS));
    } else if (command.type === "dropTwin") {
      if (isTwinPair(sim)) sim = sim.main;
    } else if (command.type === "reset") {
      sim = start(sim.scenario, 0, isTwinPair(sim) ? twinSpecOf(sim) : undefined);
    }
    changed = true;
    flush();
  }

  const twinSpecOf = (pair: TwinPair): TwinSpec => ({
    query: encodeScenario(pair.twin.scenario),
    differing: pair.differing,
  });

  return {
    handle(command) {
      try {
        apply(command);
      } catch (error) {
        // A broken invariant inside the simulation: drop the run, tell the page, stay alive.
        sim = null;
        playing = false;
        post({ type: "error", message: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
