import type { Nanos } from "../model/index.ts";
import { BASE_SPACING_NS } from "./checkpoints.ts";
import { alone, type Weight } from "./run-weight.ts";

// What the live run weighed as it first went through each grid step (run-size.ts's estimate), so
// the checkpoint grid can weigh a point before the builder replays it: a replay of the scenario
// holds at a moment what the live run held there, and a heavy run's early moments are lighter.

export class SizeHistory {
  /** The heaviest weight seen in each step of BASE_SPACING_NS (by what it weighs alone). */
  private readonly maxByStep: Weight[] = [];

  record(tNs: Nanos, weight: Weight): void {
    const step = Math.floor(tNs / BASE_SPACING_NS);
    this.maxByStep[step] = heavier(this.maxByStep[step], weight);
  }

  /** The heaviest weight seen in the steps on either side of `tNs`; `unknown` if neither has one. */
  at(tNs: Nanos, unknown: Weight): Weight {
    const step = Math.floor(tNs / BASE_SPACING_NS);
    const before = this.maxByStep[step - 1];
    const after = this.maxByStep[step];
    if (before === undefined) return after ?? unknown;
    return heavier(after, before);
  }

  /** The run's future after `tNs` was dropped (a fork): what it weighed there no longer holds. */
  dropAfter(tNs: Nanos): void {
    this.maxByStep.length = Math.min(this.maxByStep.length, Math.floor(tNs / BASE_SPACING_NS) + 1);
  }

  clear(): void {
    this.maxByStep.length = 0;
  }
}

function heavier(a: Weight | undefined, b: Weight): Weight {
  return a !== undefined && alone(a) >= alone(b) ? a : b;
}
