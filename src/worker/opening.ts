import type { Nanos, SimulationApi } from "../model/index.ts";
import { NS_PER_S } from "../model/index.ts";

// Opening a link at `t` replays the run from 0 to t. A day of simulated time takes the worker many
// seconds: done in one go, the page showed "Waiting for the simulation…" with no sign of life and
// no way out. So the opening advances in turns, a frame's answer after each, which carries how far
// it has come; the page shows that and can cancel, and the run then stays where it got to.

/** Wall time one turn may take before the worker answers the page. */
const OPEN_TURN_MS = 40;
/** Simulated time per slice, between looks at the wall clock. */
const SLICE_NS: Nanos = NS_PER_S;

/** Advances `run` toward `targetNs` for one turn; true once it is there. */
export function openingTurn(run: SimulationApi, targetNs: Nanos, wallNowMs: () => number): boolean {
  const deadlineMs = wallNowMs() + OPEN_TURN_MS;
  while (run.nowNs < targetNs) {
    run.advanceTo(Math.min(run.nowNs + SLICE_NS, targetNs));
    if (wallNowMs() > deadlineMs) break;
  }
  return run.nowNs >= targetNs;
}
