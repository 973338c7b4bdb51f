import type { Scenario, SimulationApi, SnapshotView } from "../model/index.ts";
import { encodeScenario, exposition, NS_PER_MS, NS_PER_S, parseScenario } from "../model/index.ts";
import { createBreakpoints } from "./breakpoints.ts";
import { openingTurn } from "./opening.ts";
import { runOpenMetricsSoFar } from "./openmetrics-export.ts";
import { advanceWithinBudget, MAX_WALL_STEP_MS, simulatedStepNs } from "./pacing.ts";
import type { TwinSpec, WorkerCommand, WorkerReply } from "./protocol.ts";
import { transferablesOf } from "./protocol.ts";
import { createSpeedGauge } from "./speed-gauge.ts";
import { canTravel, createTimeTravel } from "./time-travel.ts";
import { createTwinPair, isTwinPair, type TwinPair } from "./twin-pair.ts";
import { createWindowScrapes } from "./window-scrapes.ts";

// Runs one simulation on behalf of the page: the same code in the Web Worker and, in tests,
// in-process. It answers a `frame` request only when it has something new, so a paused run costs
// nothing and a playing one sends at most one snapshot per frame the page asks for.

export interface SimulationHostDeps {
  createSimulation: (scenario: Scenario) => SimulationApi;
  post: (reply: WorkerReply, transfer: ArrayBuffer[]) => void;
  wallNowMs: () => number;
  /** Calls back after `delayMs` (the builder of seek checkpoints works in idle time). */
  later?: (callback: () => void, delayMs: number) => void;
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
  /** Loads so far: every snapshot carries it, so the page can tell a new run from the old one. */
  let loads = 0;
  let view: SnapshotView | null = null;
  let framePending = false;
  let changed = false;
  /** Where a load is still replaying to (its `startAtS`), or null. */
  let openingNs: number | null = null;
  const gauge = createSpeedGauge();
  const windowScrapes = createWindowScrapes();

  const post = (reply: WorkerReply) => deps.post(reply, []);
  const breakpoints = createBreakpoints();
  const createParkable = (scenario: Scenario) => {
    const run = deps.createSimulation(scenario);
    if (!canTravel(run)) throw new Error("time travel needs runs that can be parked");
    return run;
  };
  const travel = createTimeTravel({
    // A twin run travels as a pair: each replay is a fresh pair.
    create: (scenario) =>
      sim !== null && isTwinPair(sim) ? sim.fresh(scenario) : createParkable(scenario),
    wallNowMs: deps.wallNowMs,
    later: deps.later ?? ((callback, delayMs) => void setTimeout(callback, delayMs)),
  });
  const postTravel = (forkedAtNs: number | null = null) =>
    post({ type: "travel", furthestNs: travel.furthestNs, forkedAtNs });
  /** The run moved on: the scrubber's end follows the furthest time reached. */
  const reached = (run: SimulationApi) => {
    if (travel.reached(run)) postTravel();
  };
  /** The run jumped (a load, a seek, a fork): breakpoints look only at what happens next. */
  const jumped = (run: SimulationApi) => {
    if (canTravel(run)) breakpoints.sync(run);
  };
  const postScenario = (run: SimulationApi) =>
    post({ type: "scenario", query: encodeScenario(run.scenario) });

  function start(scenario: Scenario, startAtS: number, twin?: TwinSpec): SimulationApi {
    const run =
      twin === undefined
        ? deps.createSimulation(scenario)
        : createTwinPair(
            createParkable,
            scenario,
            parseScenario(twin.query).scenario,
            twin.differing,
          );
    openingNs = startAtS > 0 ? Math.round(startAtS * NS_PER_S) : null;
    wallPlayedMs = 0;
    gauge.reset();
    openTurn(run);
    return run;
  }

  /** One turn of replay toward the link's moment; the wall time it took is not played time. */
  function openTurn(run: SimulationApi) {
    if (openingNs !== null && openingTurn(run, openingNs, deps.wallNowMs)) openingNs = null;
    lastWallMs = deps.wallNowMs();
  }

  function advanceByWallClock(run: SimulationApi) {
    const nowMs = deps.wallNowMs();
    const elapsedMs = nowMs - lastWallMs;
    lastWallMs = nowMs;
    const playedMs = Math.min(Math.max(elapsedMs, 0), MAX_WALL_STEP_MS);
    wallPlayedMs += playedMs;
    const fromNs = run.nowNs;
    const targetNs = run.nowNs + simulatedStepNs(elapsedMs, speed);
    let reason: string | null = null;
    const stop = () => {
      if (breakpoints.active && canTravel(run)) reason = breakpoints.check(run);
      return reason !== null;
    };
    advanceWithinBudget((tNs) => run.advanceTo(tNs), run.nowNs, targetNs, deps.wallNowMs, stop);
    gauge.record(playedMs, (run.nowNs - fromNs) / NS_PER_MS);
    reached(run);
    if (reason !== null) {
      playing = false;
      post({ type: "breakpoint", reason });
    }
  }

  function flush() {
    if (!sim || !view || !framePending || !(changed || playing)) return;
    framePending = false;
    changed = false;
    const reachedSpeed = playing && openingNs === null ? gauge.reached() : null;
    const opening = openingNs === null ? {} : { opening: { targetNs: openingNs } };
    if (isTwinPair(sim)) {
      const [snapshot, twin] = sim.snapshots(view);
      const transfer = [...transferablesOf(snapshot), ...transferablesOf(twin)];
      deps.post(
        {
          type: "snapshot",
          snapshot,
          twin,
          playing,
          wallPlayedMs,
          reachedSpeed,
          run: loads,
          ...opening,
        },
        transfer,
      );
      return;
    }
    const snapshot = sim.snapshot(view);
    deps.post(
      { type: "snapshot", snapshot, playing, wallPlayedMs, reachedSpeed, run: loads, ...opening },
      transferablesOf(snapshot),
    );
  }

  function apply(command: WorkerCommand) {
    if (command.type === "load") {
      loads++;
      sim = start(parseScenario(command.query).scenario, command.startAtS, command.twin);
      travel.start(sim);
      jumped(sim);
      postScenario(sim);
      postTravel();
    } else if (command.type === "frame") {
      // A new selection changes what a paused run's snapshot carries (its trace): send one.
      if (view !== null && view.traceOf !== command.view.traceOf) changed = true;
      view = command.view;
      framePending = true;
      if (sim && openingNs !== null) {
        openTurn(sim);
        reached(sim);
        changed = true;
      } else if (sim && playing) {
        advanceByWallClock(sim);
      }
      flush();
      return;
    } else if (command.type === "play") {
      playing = true;
      speed = command.speed;
      lastWallMs = deps.wallNowMs();
      gauge.reset();
    } else if (command.type === "pause") {
      playing = false;
    } else if (!sim) {
      return; // nothing to act on until a run is loaded (or after a crash, until a reload)
    } else if (command.type === "breakpoints") {
      breakpoints.set(command, canTravel(sim) ? sim : null);
      return;
    } else if (command.type === "cancelOpening") {
      openingNs = null;
      lastWallMs = deps.wallNowMs();
    } else if (command.type === "seek") {
      openingNs = null;
      sim = travel.seek(sim, command.atNs);
      jumped(sim);
      postTravel(); // the page sends its next seek only once this one is done
    } else if (command.type === "set") {
      sim = forkIfPast(sim);
      sim.setLive(command.key, command.value);
      postScenario(sim);
    } else if (command.type === "fault") {
      sim = forkIfPast(sim);
      sim.inject(command.fault);
      postScenario(sim);
    } else if (command.type === "openmetrics") {
      const text = runOpenMetricsSoFar(sim, { startS: command.startS, stepS: command.stepS });
      post({ type: "prometheus", requestId: command.requestId, text });
      return;
    } else if (command.type === "window") {
      const scrapes = windowScrapes(sim, command.stepS, command.windowS);
      post({ type: "window", requestId: command.requestId, scrapes });
      return;
    } else if (command.type === "prometheus") {
      const run = command.twin === true && isTwinPair(sim) ? sim.twin : sim;
      const text =
        command.both === true && isTwinPair(sim)
          ? exposition([
              { registry: sim.main.metrics(), labels: { run: "A" } },
              { registry: sim.twin.metrics(), labels: { run: "B" } },
            ])
          : run.prometheusText();
      post({ type: "prometheus", requestId: command.requestId, text });
      return;
    } else if (command.type === "step") {
      sim.advanceTo(sim.nowNs + Math.round(command.simMs * NS_PER_MS));
      reached(sim);
    } else if (command.type === "dropTwin") {
      if (isTwinPair(sim)) {
        sim = sim.main;
        travel.start(sim); // A alone can travel again, from here on
        jumped(sim);
        postTravel();
      }
    } else if (command.type === "reset") {
      sim = start(sim.scenario, 0, isTwinPair(sim) ? twinSpecOf(sim) : undefined);
      travel.start(sim);
      jumped(sim);
      postTravel();
    }
    changed = true;
    flush();
  }

  /** A live change while viewing the past forks there; the page hears where. */
  function forkIfPast(run: SimulationApi): SimulationApi {
    const fork = travel.forkIfPast(run);
    if (fork === null) return run;
    jumped(fork.run);
    postTravel(fork.atNs);
    return fork.run;
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
