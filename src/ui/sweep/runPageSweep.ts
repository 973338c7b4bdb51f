import type { Dimension } from "../../sweep/dimension.ts";
import { type Answer, answerOf, maxSearchRuns, type Probe, searchSeeds } from "../../sweep/find.ts";
import type { PointJob, PointResult } from "../../sweep/point.ts";
import { gridPoints, type PointValues, pointText } from "../../sweep/points.ts";
import type { SweepPool } from "../../worker/sweep-pool.ts";
import type { PageSweep } from "./sweepKey.ts";

// A page sweep run on the pool: a grid's points (each on every seed), or a threshold search
// (sweep/find.ts, the command line's search), with each run reported as it ends so the chart fills
// in and the progress moves.

/** A point of the chart: its values, the first seed's run as a link, and every seed's figures. */
export interface PagePoint {
  readonly values: PointValues;
  /** The point's scenario text on the first seed (the run alone, as a link's fragment). */
  readonly text: string;
  /** One per seed, in seed order; a seed not yet run is null. */
  readonly runs: (PointResult | null)[];
}

export interface SweepProgress {
  readonly done: number;
  /** The runs asked for; for a search, the most it may ask for. */
  readonly total: number;
  readonly upTo: boolean;
}

export interface SweepOutcome {
  readonly dimensions: readonly Dimension[];
  readonly points: readonly PagePoint[];
  /** A search's answer per seed (null for a grid). */
  readonly answers: readonly Answer[] | null;
}

/** The grid's points, none run yet: the chart's frame before the first answer. */
export function emptyPoints(sweep: PageSweep): PagePoint[] {
  const { plan, base, seeds } = sweep;
  if (plan.find !== null) return [];
  return gridPoints(plan.dimensions).map((values) => ({
    values,
    text: pointText(base, plan.dimensions, values, seeds[0] as number),
    runs: seeds.map(() => null),
  }));
}

/** A search's probes as points (the first seed's text; each seed's run at that value, if any). */
function probePoints(sweep: PageSweep, probes: readonly Probe[][]): PagePoint[] {
  const values = [...new Set(probes.flat().map((probe) => probe.value))].sort((a, b) => a - b);
  return values.map((value) => ({
    values: [value],
    text: pointText(sweep.base, sweep.plan.dimensions, [value], sweep.seeds[0] as number),
    runs: probes.map((seedProbes) => seedProbes.find((p) => p.value === value)?.result ?? null),
  }));
}

export async function runPageSweep(
  sweep: PageSweep,
  pool: SweepPool,
  onRun: (progress: SweepProgress, points: readonly PagePoint[]) => void,
): Promise<SweepOutcome> {
  const { plan, base, seeds, durationS } = sweep;
  if (plan.find !== null) {
    const find = plan.find;
    const total = maxSearchRuns(plan.dimensions, find, seeds.length);
    let done = 0;
    const run = (jobs: readonly PointJob[]) =>
      pool.run(jobs, () => onRun({ done: ++done, total, upTo: true }, []));
    const searches = await searchSeeds(plan.dimensions, find, base, seeds, durationS, run);
    return {
      dimensions: plan.dimensions,
      points: probePoints(
        sweep,
        searches.map((search) => search.probes),
      ),
      answers: searches.map(answerOf),
    };
  }
  const points = emptyPoints(sweep);
  const jobs = points.flatMap((point) =>
    seeds.map((seed) => ({
      text: pointText(base, plan.dimensions, point.values, seed),
      durationS,
    })),
  );
  let done = 0;
  await pool.run(jobs, (index, result) => {
    const point = points[Math.floor(index / seeds.length)] as PagePoint;
    point.runs[index % seeds.length] = result;
    onRun({ done: ++done, total: jobs.length, upTo: false }, points);
  });
  return { dimensions: plan.dimensions, points, answers: null };
}
