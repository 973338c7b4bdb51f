import { advanceTogether } from "../metrics-export/run-export.ts";
import { createSimulation, NS_PER_S, parseScenario } from "../model/index.ts";
import { FIGURE_VIEW, figuresOf } from "./figures.ts";
import type { PointJob, PointResult } from "./point-job.ts";

export type { PointJob, PointResult };

// One run of a sweep: the scenario text (already checked), run from second 0 for the duration
// exactly as `npm run sim` runs it alone, and its figures at the end. The command line's worker
// threads (or its main thread with --jobs 1) and the page's Web Workers all call this, so a point
// is the run alone, wherever it runs.

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
