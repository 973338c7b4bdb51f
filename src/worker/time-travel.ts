import { type Nanos, type Scenario, shareSealedChunks } from "../model/index.ts";
import { CheckpointBuilder } from "./checkpoint-builder.ts";
import { Checkpoints } from "./checkpoints.ts";
import type { HostedRun } from "./hosted-run.ts";
import { weighRun } from "./run-size.ts";
import { scenarioUntil } from "./scenario-until.ts";
import { SizeHistory } from "./size-history.ts";

// Seeking over the run so far by deterministic replay: the run nearest before the target (the
// live one, a parked checkpoint, or the one the builder is replaying) is advanced to it and
// becomes the live run; the live run it replaces is parked where it stood. Every parked run
// catches up with the scenario as it now stands, so the past it shows is the past as recorded.

export interface TimeTravelDeps {
  create: (scenario: Scenario) => HostedRun;
  wallNowMs: () => number;
  /** Calls back after `delayMs` of wall time (the worker's idle time for the builder). */
  later: (callback: () => void, delayMs: number) => void;
  /**
   * The wall time until which the worker has nothing else to do: infinite while paused, the next
   * frame's request while playing, past while the playing run is behind the wall clock. The
   * builder works only then: the live run's frames come first (always idle when absent).
   */
  idleUntilMs?: () => number;
  /** Told after a builder's turn what it has built, when that changed or a seek came between. */
  onBuilder?: (state: BuilderState) => void;
}

/** The checkpoints' builder: the runs parked, and whether it has nothing left to build. */
export interface BuilderState {
  checkpoints: number;
  idle: boolean;
}

/** Wall time the builder may take per turn, and the pause it leaves the live run between turns. */
const BUILD_TURN_MS = 6;
const BUILD_PAUSE_MS = 10;

export function createTimeTravel(deps: TimeTravelDeps) {
  // Parked runs of a scenario hold the same history: one copy of each full chunk serves them all.
  shareSealedChunks(true);
  const idleUntilMs = deps.idleUntilMs ?? (() => Number.POSITIVE_INFINITY);
  /** Wall time the last run built from 0 s took: a replay's first step, which cannot be cut. */
  let createMs = 0;
  const create = (scenario: Scenario): HostedRun => {
    const fromMs = deps.wallNowMs();
    const run = deps.create(scenario);
    createMs = deps.wallNowMs() - fromMs;
    return run;
  };
  const checkpoints = new Checkpoints();
  const builder = new CheckpointBuilder(create, checkpoints);
  const sizes = new SizeHistory();
  let live: HostedRun | null = null;
  let furthestNs: Nanos = 0;
  let turnQueued = false;
  /** What the builder was last said to be; null after a seek, so the next turn tells it again. */
  let told: BuilderState | null = null;

  function tell(idle: boolean) {
    const state = { checkpoints: checkpoints.size, idle };
    if (told !== null && told.checkpoints === state.checkpoints && told.idle === idle) return;
    told = state;
    deps.onBuilder?.(state);
  }

  function turn() {
    turnQueued = false;
    if (live === null) return;
    const nowMs = deps.wallNowMs();
    const idleUntil = idleUntilMs();
    const deadlineMs = Math.min(nowMs + BUILD_TURN_MS, idleUntil);
    // The live run needs the worker now: look again after the pause.
    if (deadlineMs <= nowMs) return kick();
    // A new replay starts by building a run in one piece: while the page waits on frames, only
    // when that fits before the next one (a large cluster's takes a second).
    const mayStart = () =>
      idleUntil === Number.POSITIVE_INFINITY || deps.wallNowMs() + createMs <= deadlineMs;
    const liveWeight = weighRun(live);
    const sizeAt = (tNs: Nanos) => sizes.at(tNs, liveWeight);
    const busy = builder.step(live, furthestNs, sizeAt, deps.wallNowMs, deadlineMs, mayStart);
    tell(!busy);
    if (busy) kick();
  }

  function kick() {
    if (turnQueued || live === null) return;
    turnQueued = true;
    deps.later(turn, BUILD_PAUSE_MS);
  }

  function dropFuture(tNs: Nanos) {
    checkpoints.dropAfter(tNs);
    sizes.dropAfter(tNs);
    builder.release();
    furthestNs = tNs;
  }

  /** The run nearest at or before `tNs`, taken out of wherever it was parked (null if none). */
  function nearest(run: HostedRun, tNs: Nanos): HostedRun | null {
    const parkedNs = checkpoints.latestAtOrBefore(tNs) ?? -1;
    const building = builder.run;
    const buildingNs = building !== null && building.nowNs <= tNs ? building.nowNs : -1;
    const liveNs = run.nowNs <= tNs ? run.nowNs : -1;
    const bestNs = Math.max(parkedNs, buildingNs, liveNs);
    if (bestNs < 0) return null;
    if (bestNs === liveNs) return run;
    if (bestNs === buildingNs) {
      builder.release();
      return building;
    }
    return checkpoints.take(tNs);
  }

  return {
    get furthestNs(): Nanos {
      return furthestNs;
    },

    /**
     * A new run starts (a load or a reset), built in `builtInMs` of wall time: every parked run
     * belonged to the old one.
     */
    start(run: HostedRun, builtInMs = 0): void {
      createMs = builtInMs;
      checkpoints.clear();
      sizes.clear();
      builder.release();
      live = run;
      furthestNs = run.nowNs;
    },

    /** The live run moved on; returns whether it went further than ever before. */
    reached(run: HostedRun): boolean {
      if (live === null || run.nowNs <= furthestNs) return false;
      furthestNs = run.nowNs;
      sizes.record(run.nowNs, weighRun(run));
      kick();
      return true;
    },

    /** Moves to `tNs` (clamped to the run so far); returns the new live run. */
    seek(run: HostedRun, tNs: Nanos): HostedRun {
      if (live === null) return run;
      const targetNs = Math.min(Math.max(Math.round(tNs), 0), furthestNs);
      const next = nearest(run, targetNs) ?? create(run.scenario);
      if (next !== run) checkpoints.park(run, false, weighRun(run));
      if (next.scenario !== run.scenario) next.adopt(run.scenario);
      next.advanceTo(targetNs);
      live = next;
      told = null;
      kick();
      return next;
    },

    /**
     * Before a live change: a run viewing its past forks there, dropping the scenario's later
     * changes. Returns the run to change and the fork's moment, or null when there is no fork.
     */
    forkIfPast(run: HostedRun): { run: HostedRun; atNs: Nanos } | null {
      if (live === null || run.nowNs >= furthestNs) return null;
      const atNs = run.nowNs;
      const until = scenarioUntil(run.scenario, atNs);
      dropFuture(atNs);
      let next = run;
      if (until.droppedStall) {
        // Runs may hold stream items back for the dropped stall: only a fresh replay is exact.
        checkpoints.clear();
        next = create(until.scenario);
        next.advanceTo(atNs);
      } else {
        run.adopt(until.scenario);
      }
      live = next;
      return { run: next, atNs };
    },

    /** Parked run times, for tests and the benchmark. */
    checkpointTimes: () => checkpoints.times(),
  };
}
