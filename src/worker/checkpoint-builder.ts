import type { Scenario } from "../model/index.ts";
import { type Nanos, NS_PER_S } from "../model/index.ts";
import type { Checkpoints, SizeAt } from "./checkpoints.ts";
import type { HostedRun } from "./hosted-run.ts";
import { weighRun } from "./run-size.ts";

// Replays the scenario from 0 toward the earliest grid point that lacks a run, a slice at a time
// within a wall-clock budget, so the live run keeps its frames; the run is parked on arrival.

/** Simulated time replayed between checks of the budget. */
const SLICE_NS: Nanos = NS_PER_S;

export class CheckpointBuilder {
  private building: { run: HostedRun; targetNs: Nanos } | null = null;
  private readonly create: (scenario: Scenario) => HostedRun;
  private readonly checkpoints: Checkpoints;

  constructor(create: (scenario: Scenario) => HostedRun, checkpoints: Checkpoints) {
    this.create = create;
    this.checkpoints = checkpoints;
  }

  /** The run being replayed, when there is one. */
  get run(): HostedRun | null {
    return this.building?.run ?? null;
  }

  /** Hands the run being replayed over (a seek found it the nearest); the builder starts again. */
  release(): void {
    this.building = null;
  }

  /**
   * Replays until `deadlineMs` on the wall clock, from the scenario as the live run now has it;
   * a new replay starts only when `mayStart` says so. Returns whether work remains.
   */
  step(
    live: HostedRun,
    furthestNs: Nanos,
    sizeAt: SizeAt,
    wallNowMs: () => number,
    deadlineMs: number,
    mayStart: () => boolean = () => true,
  ) {
    const liveWeight = weighRun(live);
    for (let guard = 0; guard < 10_000 && wallNowMs() < deadlineMs; guard++) {
      if (this.building === null) {
        const targetNs = this.checkpoints.missing(furthestNs, liveWeight, sizeAt);
        if (targetNs === null) return false;
        if (!mayStart()) return true;
        this.building = { run: this.create(live.scenario), targetNs };
      }
      const { run, targetNs } = this.building;
      run.advanceTo(Math.min(run.nowNs + SLICE_NS, targetNs));
      if (run.nowNs >= targetNs) {
        this.building = null;
        if (this.checkpoints.isGridPoint(targetNs))
          this.checkpoints.park(run, true, weighRun(run), liveWeight);
      }
    }
    return true;
  }
}
