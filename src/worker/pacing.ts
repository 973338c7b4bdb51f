import type { Nanos } from "../model/index.ts";
import { NS_PER_MS } from "../model/index.ts";

// How far a playing run moves per frame: speed × wall time elapsed, with two bounds so the page
// stays responsive. A tab that was hidden for minutes must not replay minutes at once, and a
// heavy scenario at 100× must not keep the worker busy past a frame: the worker answers within a
// budget, catches up after the answer until the next request is due, and past that the run slows.

/**
 * Wall time counted per frame at most, and what a run behind may owe; more is a page that stopped
 * asking (a hidden tab) and is dropped. A page or a worker held up for a few hundred ms (a long
 * task, a collection, a loaded machine) still plays: with 100 ms, every such gap cost the run
 * the wall time past it, and the large cluster reached 9.7× of the 10× asked at load 2–4.
 */
export const MAX_WALL_STEP_MS = 1000;
/** Wall time the worker may spend advancing per frame before it answers anyway. */
const ADVANCE_BUDGET_MS = 12;
/** Simulated time advanced per slice, between checks of the budget. */
const SLICE_NS: Nanos = 50 * NS_PER_MS;

export function simulatedStepNs(wallElapsedMs: number, speed: number): Nanos {
  const wallMs = Math.min(Math.max(wallElapsedMs, 0), MAX_WALL_STEP_MS);
  return Math.round(wallMs * speed * NS_PER_MS);
}

/**
 * Advances from `fromNs` toward `targetNs` in slices until the target or `budgetMs` of wall time
 * is reached, or `stop` (asked after each slice of `sliceNs`: a breakpoint) says so. Returns the
 * simulated time reached.
 */
export function advanceWithinBudget(
  advanceTo: (tNs: Nanos) => void,
  fromNs: Nanos,
  targetNs: Nanos,
  wallNowMs: () => number,
  stop: () => boolean = () => false,
  sliceNs: Nanos = SLICE_NS,
  budgetMs: number = ADVANCE_BUDGET_MS,
): Nanos {
  const deadlineMs = wallNowMs() + budgetMs;
  let reachedNs = fromNs;
  while (reachedNs < targetNs) {
    reachedNs = Math.min(reachedNs + sliceNs, targetNs);
    advanceTo(reachedNs);
    if (stop() || wallNowMs() > deadlineMs) break;
  }
  return reachedNs;
}
