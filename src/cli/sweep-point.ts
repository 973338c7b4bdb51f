import { advanceTogether } from "../metrics-export/run-export.ts";
import { parseScenario } from "../sim/scenario/index.ts";
import { createSimulation } from "../sim/simulation.ts";
import { NS_PER_S } from "../sim/time.ts";
import { FIGURE_VIEW, figuresOf } from "./sweep-figures.ts";

// One run of a sweep: the scenario text (already checked by the main thread), run from second 0
// for the duration exactly as `npm run sim` runs it alone, and its figures at the end. A worker
// thread and the main thread (--jobs 1) both call this, so a point is the run alone.

export interface PointJob {
  readonly text: string;
  readonly durationS: number;
}

export interface PointResult {
  /** In SWEEP_FIGURES order; null where the figure has no data. */
  readonly figures: (number | null)[];
  readonly traceHash: string;
}

export function runPoint(job: PointJob): PointResult {
  const { scenario, issues } = parseScenario(job.text);
  if (issues.length > 0) throw new Error(`the point "${job.text}" does not parse`);
  const sim = createSimulation(scenario);
  advanceTogether([sim], Math.round(job.durationS * NS_PER_S));
  return {
    figures: figuresOf(sim.snapshot(FIGURE_VIEW), job.durationS),
    traceHash: sim.traceHash(),
  };
}
