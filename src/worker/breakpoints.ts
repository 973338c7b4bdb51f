import type { MarkKind, Nanos, Simulation } from "../model/index.ts";
import { lagSeconds, MARK_CHECK_NS } from "../model/index.ts";

// Pausing a playing run on a kind of moment: a mark of a chosen kind recorded since the last
// check, or the cache's lag rising above a level. Checked between the slices a frame advances;
// while any is set the slices are as fine as the marks' own checks (10 ms of simulated time), so
// the run stops at the moment it reports, not up to a slice later.

export interface BreakpointSpec {
  kinds: readonly MarkKind[];
  /** Pause when the lag rises above this many ms; null for never. */
  lagAboveMs: number | null;
}

/** Simulated time between breakpoint checks: the step at which the run looks for marks. */
export const BREAKPOINT_SLICE_NS: Nanos = MARK_CHECK_NS;

export function createBreakpoints() {
  let spec: BreakpointSpec = { kinds: [], lagAboveMs: null };
  let seenMarks = 0;
  let lagWasAbove = false;

  const lagAbove = (run: Simulation) =>
    spec.lagAboveMs !== null && lagSeconds(run.world, run.nowNs) * 1000 > spec.lagAboveMs;

  return {
    get active(): boolean {
      return spec.kinds.length > 0 || spec.lagAboveMs !== null;
    },

    set(next: BreakpointSpec, run: Simulation | null): void {
      spec = next;
      if (run !== null) this.sync(run);
    },

    /** The run moved without playing (a load, a seek, a fork): what it shows now is no news. */
    sync(run: Simulation): void {
      seenMarks = run.markCount;
      lagWasAbove = lagAbove(run);
    },

    /** Why to pause, when something chosen happened since the last check; null otherwise. */
    check(run: Simulation): string | null {
      if (run.markCount > seenMarks) {
        const fresh = run.marksSince(seenMarks);
        seenMarks = run.markCount;
        const hit = fresh.find((m) => spec.kinds.includes(m.kind));
        if (hit !== undefined) return hit.detail;
      }
      const above = lagAbove(run);
      const rose = above && !lagWasAbove;
      lagWasAbove = above;
      return rose ? `the lag rose above ${spec.lagAboveMs} ms` : null;
    },
  };
}
