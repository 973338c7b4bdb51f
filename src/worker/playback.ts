import type { Nanos } from "../model/index.ts";
import { NS_PER_MS, NS_PER_S } from "../model/index.ts";
import { BREAKPOINT_SLICE_NS, type createBreakpoints } from "./breakpoints.ts";
import type { HostedRun } from "./hosted-run.ts";
import { openingTurn } from "./opening.ts";
import { advanceWithinBudget, MAX_WALL_STEP_MS, simulatedStepNs } from "./pacing.ts";
import { createSpeedGauge } from "./speed-gauge.ts";

// The live run's clock: playing or paused, at what speed, how far a link's opening still has to
// replay, and what a playing run owes the wall clock when a frame's budget fell short (caught up
// in short turns after the answer, while the page draws it). The host says which run is live and
// when it jumped; this module decides how far each frame moves it.

/** Wall time of one turn of a playing run's catching up with the wall clock between frames. */
const CATCH_UP_TURN_MS = 3;

export interface PlaybackOptions {
  wallNowMs: () => number;
  /** Calls back once the messages already queued are handled (with 0 ms). */
  later: (callback: () => void, delayMs: number) => void;
  breakpoints: ReturnType<typeof createBreakpoints>;
  /** The run on screen now: a catch-up owed by another run is dropped. */
  liveRun: () => HostedRun | null;
  /** The run moved on; `tell` says whether the page hears the furthest time reached now. */
  reached: (run: HostedRun, tell: boolean) => void;
  /** A breakpoint paused the run at `atNs`. */
  stoppedOn: (reason: string, atNs: Nanos) => void;
}

/** What a frame's snapshot tells the page about the clock. */
export interface PlaybackFrame {
  playing: boolean;
  /** Wall time played since the run was made. */
  wallPlayedMs: number;
  /** The speed the run really reached while playing, or null (paused, opening, settling). */
  reachedSpeed: number | null;
  opening?: { targetNs: Nanos };
}

export function createPlayback(options: PlaybackOptions) {
  const { wallNowMs, later, breakpoints } = options;
  const gauge = createSpeedGauge();
  let playing = false;
  let speed = 1;
  let lastWallMs = 0;
  let wallPlayedMs = 0;
  /** Where a load is still replaying to (its `startAtS`), or null. */
  let openingNs: Nanos | null = null;
  /** Where the playing run should be by the wall clock, when a frame's budget fell short. */
  let behind: { run: HostedRun; targetNs: Nanos } | null = null;
  let catchUpQueued = false;

  /** One turn of replay toward the link's moment; the wall time it took is not played time. */
  function openTurn(run: HostedRun) {
    if (openingNs !== null && openingTurn(run, openingNs, wallNowMs)) openingNs = null;
    lastWallMs = wallNowMs();
  }

  function advanceByWallClock(run: HostedRun) {
    const nowMs = wallNowMs();
    const elapsedMs = nowMs - lastWallMs;
    lastWallMs = nowMs;
    const playedMs = Math.min(Math.max(elapsedMs, 0), MAX_WALL_STEP_MS);
    wallPlayedMs += playedMs;
    // A run behind the wall clock carries what it owes, up to the wall time a frame may count.
    const owedFromNs = behind?.run === run ? Math.max(run.nowNs, behind.targetNs) : run.nowNs;
    const targetNs = Math.min(
      owedFromNs + simulatedStepNs(elapsedMs, speed),
      run.nowNs + simulatedStepNs(MAX_WALL_STEP_MS, speed),
    );
    advancePlaying(run, targetNs, playedMs);
    // What the budget left undone is done after the answer, while the page draws it.
    behind = playing && run.nowNs < targetNs ? { run, targetNs } : null;
    queueCatchUp();
  }

  function queueCatchUp() {
    if (behind === null || catchUpQueued) return;
    catchUpQueued = true;
    later(catchUp, 0);
  }

  /**
   * One short turn toward where the wall clock says the playing run should be; the next turn
   * queues behind whatever the page sent meanwhile, so a frame request waits one turn at most.
   */
  function catchUp() {
    catchUpQueued = false;
    if (behind === null) return;
    const { run, targetNs } = behind;
    // A seek, a pause or a new run since: what the old run owed is owed no more.
    if (options.liveRun() !== run || !playing || openingNs !== null) {
      behind = null;
      return;
    }
    advancePlaying(run, targetNs, 0, CATCH_UP_TURN_MS, false);
    if (run.nowNs >= targetNs || !playing) behind = null;
    queueCatchUp();
  }

  /**
   * Advances a playing run toward `targetNs` within a budget, stopping on a breakpoint; `tell`
   * says whether the page hears the furthest time reached now.
   */
  function advancePlaying(
    run: HostedRun,
    targetNs: Nanos,
    playedMs: number,
    budgetMs?: number,
    tell = true,
  ) {
    const fromNs = run.nowNs;
    let reason: string | null = null;
    const watching = breakpoints.active;
    const stop = () => {
      if (watching) reason = breakpoints.check(run);
      return reason !== null;
    };
    advanceWithinBudget(
      (tNs) => run.advanceTo(tNs),
      run.nowNs,
      targetNs,
      wallNowMs,
      stop,
      watching ? BREAKPOINT_SLICE_NS : undefined,
      budgetMs,
    );
    gauge.record(playedMs, (run.nowNs - fromNs) / NS_PER_MS);
    options.reached(run, tell || reason !== null);
    if (reason !== null) {
      playing = false;
      options.stoppedOn(reason, run.nowNs);
    }
  }

  return {
    get playing(): boolean {
      return playing;
    },
    get opening(): boolean {
      return openingNs !== null;
    },
    /** Whether the playing run owes the wall clock time that catching up works off. */
    isBehind: (run: HostedRun): boolean => behind?.run === run,
    /** A new run: opened at `startAtS` (replayed there in turns), nothing played yet. */
    started(run: HostedRun, startAtS: number) {
      openingNs = startAtS > 0 ? Math.round(startAtS * NS_PER_S) : null;
      wallPlayedMs = 0;
      behind = null;
      gauge.reset();
      openTurn(run);
    },
    play(atSpeed: number) {
      playing = true;
      behind = null;
      speed = atSpeed;
      lastWallMs = wallNowMs();
      gauge.reset();
    },
    pause() {
      playing = false;
    },
    /**
     * The run goes on from where it is (an opening cancelled, a seek landed): no opening left,
     * and the wall time until now (a replay's) is not played time.
     */
    fromHere() {
      openingNs = null;
      lastWallMs = wallNowMs();
    },
    /** A frame is asked for: the opening takes a turn, or a playing run follows the wall clock. */
    frame(run: HostedRun): "opened" | "played" | "still" {
      if (openingNs !== null) {
        openTurn(run);
        return "opened";
      }
      if (!playing) return "still";
      advanceByWallClock(run);
      return "played";
    },
    /** The clock's part of a snapshot. */
    snapshot(): PlaybackFrame {
      const opening = openingNs === null ? {} : { opening: { targetNs: openingNs } };
      const reachedSpeed = playing && openingNs === null ? gauge.reached() : null;
      return { playing, wallPlayedMs, reachedSpeed, ...opening };
    },
  };
}

export type Playback = ReturnType<typeof createPlayback>;
