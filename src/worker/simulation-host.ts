import type { Scenario, Simulation, SnapshotView } from "../model/index.ts";
import { encodeScenario, exposition, NS_PER_MS, parseScenario } from "../model/index.ts";
import { createBreakpoints } from "./breakpoints.ts";
import { createFrameCadence } from "./frame-cadence.ts";
import { type HostedRun, hostSingle, single } from "./hosted-run.ts";
import { runOpenMetricsSoFar } from "./openmetrics-export.ts";
import { createPlayback } from "./playback.ts";
import type { TwinSpec, WorkerCommand, WorkerReply } from "./protocol.ts";
import { transferablesOf } from "./protocol.ts";
import { sweepPointReply } from "./sweep-point-reply.ts";
import { createTimeTravel } from "./time-travel.ts";
import { createTrials } from "./trials.ts";
import { createTwinPair } from "./twin-pair.ts";
import { createWindowScrapes } from "./window-scrapes.ts";

// Runs one simulation on behalf of the page: the same code in the Web Worker and, in tests,
// in-process. It answers a `frame` request only when it has something new, so a paused run costs
// nothing and a playing one sends at most one snapshot per frame the page asks for.

export interface SimulationHostDeps {
  createSimulation: (scenario: Scenario) => Simulation;
  post: (reply: WorkerReply, transfer: ArrayBuffer[]) => void;
  wallNowMs: () => number;
  /**
   * Calls back after `delayMs` (the builder of seek checkpoints works in idle time); with 0, once
   * the messages already queued are handled (a playing run catching up with the wall clock).
   */
  later?: (callback: () => void, delayMs: number) => void;
}

/** The commands that act on a loaded run. */
type RunCommand = Exclude<
  WorkerCommand,
  { type: "load" | "frame" | "play" | "pause" | "trial" | "cancelTrial" | "sweepPoint" }
>;

export interface SimulationHost {
  handle(command: WorkerCommand): void;
}

export function createSimulationHost(deps: SimulationHostDeps): SimulationHost {
  let sim: HostedRun | null = null;
  /** Loads so far: every snapshot carries it, so the page can tell a new run from the old one. */
  let loads = 0;
  let view: SnapshotView | null = null;
  let framePending = false;
  let changed = false;
  /** Wall time the live run took to build: what a replay from 0 s starts with, in one piece. */
  let createdMs = 0;
  const cadence = createFrameCadence();
  const windowScrapes = createWindowScrapes();
  const later = deps.later ?? ((callback, delayMs) => void setTimeout(callback, delayMs));

  const post = (reply: WorkerReply) => deps.post(reply, []);
  const breakpoints = createBreakpoints();
  const playback = createPlayback({
    wallNowMs: deps.wallNowMs,
    later,
    breakpoints,
    liveRun: () => sim,
    reached: (run, tell) => reached(run, tell),
    stoppedOn: (reason, atNs) => {
      // The snapshot of the moment it stopped on follows: the page shows what the note reports.
      changed = true;
      post({ type: "breakpoint", reason, atNs });
    },
  });
  const trials = createTrials({
    createSimulation: deps.createSimulation,
    post,
    wallNowMs: deps.wallNowMs,
    soon: (callback) => later(callback, 0),
  });
  const travel = createTimeTravel({
    // A replay is a run of the same kind: a twin run travels as a pair.
    create: (scenario) =>
      sim === null ? hostSingle(deps.createSimulation, scenario) : sim.fresh(scenario),
    wallNowMs: deps.wallNowMs,
    later,
    onBuilder: (state) => post({ type: "builder", ...state }),
    idleUntilMs: () => {
      // Paused, the worker is idle; playing, until the next frame, unless the run is behind
      // (or the page stopped asking for frames).
      if (!playback.playing && !playback.opening) return Number.POSITIVE_INFINITY;
      if (sim !== null && playback.isBehind(sim)) return Number.NEGATIVE_INFINITY;
      return cadence.nextDueMs(deps.wallNowMs());
    },
  });
  /** The furthest time reached moved on since the page last heard it. */
  let travelUnsent = false;
  const postTravel = (forkedAtNs: number | null = null) => {
    travelUnsent = false;
    post({ type: "travel", furthestNs: travel.furthestNs, forkedAtNs });
  };
  /**
   * The run moved on: the scrubber's end follows the furthest time reached, told now or (for the
   * turns between frames, hundreds a second) with the next frame.
   */
  const reached = (run: HostedRun, tell = true) => {
    if (travel.reached(run)) travelUnsent = true;
    if (tell && travelUnsent) postTravel();
  };
  /** The run jumped (a load, a seek, a fork): breakpoints look only at what happens next. */
  const jumped = (run: HostedRun) => breakpoints.sync(run);
  const postScenario = (run: HostedRun) =>
    post({ type: "scenario", query: encodeScenario(run.scenario) });

  function start(scenario: Scenario, startAtS: number, twin?: TwinSpec): HostedRun {
    const createdFromMs = deps.wallNowMs();
    const run =
      twin === undefined
        ? hostSingle(deps.createSimulation, scenario)
        : createTwinPair(
            deps.createSimulation,
            scenario,
            parseScenario(twin.query).scenario,
            twin.differing,
          );
    createdMs = deps.wallNowMs() - createdFromMs;
    playback.started(run, startAtS);
    return run;
  }

  function flush() {
    if (!sim || !view || !framePending || !(changed || playback.playing)) return;
    framePending = false;
    changed = false;
    const frame = sim.frame(view);
    const transfer = [
      ...transferablesOf(frame.snapshot),
      ...(frame.twin === undefined ? [] : transferablesOf(frame.twin)),
    ];
    deps.post({ type: "snapshot", ...frame, ...playback.snapshot(), run: loads }, transfer);
  }

  function apply(command: WorkerCommand) {
    switch (command.type) {
      case "load":
        loads++;
        postScenario(
          restarted(start(parseScenario(command.query).scenario, command.startAtS, command.twin)),
        );
        break;
      case "frame":
        cadence.request(deps.wallNowMs());
        // A new selection changes what a paused run's snapshot carries (its trace): send one.
        if (view !== null && view.traceOf !== command.view.traceOf) changed = true;
        view = command.view;
        framePending = true;
        if (sim !== null && playback.frame(sim) === "opened") {
          reached(sim);
          changed = true;
        }
        flush();
        return;
      case "play":
        playback.play(command.speed);
        break;
      case "pause":
        playback.pause();
        break;
      // Trials run apart from the live run: with or without one, and nothing on screen changes.
      case "trial":
        trials.start(command);
        return;
      case "cancelTrial":
        trials.cancel(command.requestId);
        return;
      case "sweepPoint":
        post(sweepPointReply(command.requestId, command.job));
        return;
      default:
        // Nothing to act on until a run is loaded (or after a crash, until a reload).
        if (sim === null || !applyToRun(sim, command)) return;
    }
    changed = true;
    flush();
  }

  /** A new run (a load, a reset, a dropped twin) becomes the live one, and travels from here. */
  function restarted(run: HostedRun): HostedRun {
    sim = run;
    travel.start(run, createdMs);
    jumped(run);
    postTravel();
    return run;
  }

  /** A command about the loaded run; returns whether the page needs a new frame. */
  function applyToRun(run: HostedRun, command: RunCommand): boolean {
    switch (command.type) {
      case "breakpoints":
        breakpoints.set(command, run);
        return false;
      case "cancelOpening":
        playback.fromHere();
        return true;
      case "seek":
        sim = travel.seek(run, command.atNs);
        // A playing run goes on from where it landed.
        playback.fromHere();
        jumped(sim);
        postTravel(); // the page sends its next seek only once this one is done
        return true;
      case "set":
        sim = forkIfPast(run);
        sim.setLive(command.key, command.value);
        postScenario(sim);
        return true;
      case "fault":
        sim = forkIfPast(run);
        sim.inject(command.fault);
        postScenario(sim);
        return true;
      case "openmetrics": {
        const text = runOpenMetricsSoFar(run, { endS: command.endS, stepS: command.stepS });
        post({ type: "prometheus", requestId: command.requestId, text });
        return false;
      }
      case "window": {
        const scrapes = windowScrapes(run, command.stepS, command.windowS);
        post({ type: "window", requestId: command.requestId, scrapes });
        return false;
      }
      case "prometheus": {
        const scraped = (command.twin === true ? run.twin : null) ?? run;
        const text =
          command.both === true && run.twin !== null
            ? exposition([
                { registry: run.main.metrics(), labels: { run: "A" } },
                { registry: run.twin.metrics(), labels: { run: "B" } },
              ])
            : scraped.prometheusText();
        post({ type: "prometheus", requestId: command.requestId, text });
        return false;
      }
      case "step":
        run.advanceTo(run.nowNs + Math.round(command.simMs * NS_PER_MS));
        reached(run);
        return true;
      case "dropTwin":
        // A alone can travel again, from here on.
        if (run.twin !== null) restarted(single(deps.createSimulation, run.main));
        return true;
      case "reset":
        restarted(start(run.scenario, 0, twinSpecOf(run)));
        return true;
      default:
        return unknownCommand(command);
    }
  }

  /** A command this host does not know: the page and the worker disagree on the protocol. */
  function unknownCommand(command: never): false {
    const type = String((command as { type?: unknown } | null)?.type);
    post({ type: "protocolError", message: `the simulation got an unknown command "${type}"` });
    return false;
  }

  /** A live change while viewing the past forks there; the page hears where. */
  function forkIfPast(run: HostedRun): HostedRun {
    const fork = travel.forkIfPast(run);
    if (fork === null) return run;
    jumped(fork.run);
    postTravel(fork.atNs);
    return fork.run;
  }

  const twinSpecOf = (run: HostedRun): TwinSpec | undefined =>
    run.twin === null
      ? undefined
      : { query: encodeScenario(run.twin.scenario), differing: run.differing };

  return {
    handle(command) {
      try {
        apply(command);
      } catch (error) {
        // A broken invariant inside the simulation: drop the run, tell the page, stay alive.
        sim = null;
        playback.pause();
        post({ type: "error", message: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
