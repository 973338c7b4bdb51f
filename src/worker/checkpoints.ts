import { type Nanos, NS_PER_S } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";
import { totalBytes, type Weight } from "./run-weight.ts";

// Parked runs to seek from. A Simulation cannot be copied (its events hold closures), so a
// checkpoint is a whole run stopped at a moment: one on each point of a grid, replayed from 0 in
// the background, and a few spares (where the live run was before a seek). The grid's points are
// the multiples of a step; every other one (the even multiples) comes first, the odd ones fill
// in as far as the budget allows. The grid thins like the series buffer: when the even points
// alone outgrow it, the step doubles and the odd points go, so the old even points become the
// new grid's, and nothing built is wasted. A long run holds at most GRID_POINTS + SPARES runs,
// and fewer when runs are heavy: the parked runs and the live one stay within BUDGET_BYTES by
// the estimate of run-size.ts, each point weighed by what the run held at its moment (a heavy
// run's early points are lighter than its live run, whose weight the spares are kept for). What
// runs of a scenario hold in common (the full chunks of the history ring, etcd's log, the
// dispatched events and the undo log) is one copy, counted once (run-weight.ts), so the grid is
// as dense as what changes between points allows.

/** Grid points kept at most; the spacing doubles past them (a 10-minute run at the finest step). */
export const GRID_POINTS = 60;
/** Runs parked off the grid (the live run's place before a seek), most recent kept. */
export const SPARES = 2;
/** The grid's step at first (the finest); it doubles as the run grows. A seek replays less than
 * a step: 10 s of the heavy scenario is 150–200 ms of CPU at the 50–65× it replays at
 * (docs/benchmarks.md at 97e105f, "Seeks from a 10 s grid"), issue 12's seek at p90. */
export const BASE_SPACING_NS: Nanos = 10 * NS_PER_S;
/** Heap for the parked runs and the live one together, by run-size.ts's estimate (issue 12: the
 * worker stays within 400 MB). */
export const BUDGET_BYTES = 400_000_000;

/** What a run weighs at a moment of the run so far. */
export type SizeAt = (tNs: Nanos) => Weight;

interface Parked {
  run: HostedRun;
  onGrid: boolean;
  weight: Weight;
}

export class Checkpoints {
  spacingNs: Nanos = BASE_SPACING_NS;
  private parked: Parked[] = [];

  get size(): number {
    return this.parked.length;
  }

  /** Times of the parked runs, ascending. */
  times(): Nanos[] {
    return this.parked.map((p) => p.run.nowNs);
  }

  /**
   * The earliest grid point up to `furthestNs` without a run, after thinning the grid so that
   * its runs, weighed by `sizeAt`, fit beside the live run and spares of its weight (what runs
   * share counts once: run-weight.ts; a spare's full chunks are mostly the grid's).
   */
  missing(furthestNs: Nanos, live: Weight, sizeAt: SizeAt = () => live): Nanos | null {
    const held = [live, ...Array.from({ length: SPARES }, () => ({ own: live.own, shared: [] }))];
    const fitting = (points: Nanos[]): Nanos[] => {
      const weights = [...held];
      let n = 0;
      while (n < points.length && n < GRID_POINTS) {
        weights.push(sizeAt(points[n] as Nanos));
        if (totalBytes(weights) > BUDGET_BYTES) break;
        n++;
      }
      return points.slice(0, n);
    };
    // Thin while the even points (the next step's grid) do not all fit.
    for (let even = this.evenPoints(furthestNs); fitting(even).length < even.length; ) {
      if (even.length === 0) break;
      this.thin();
      even = this.evenPoints(furthestNs);
    }
    const wanted = fitting(this.wanted(furthestNs));
    // Fewer points fit when the runs grew heavier: the odd points past the budget go.
    this.parked = this.parked.filter((p) => !p.onGrid || wanted.includes(p.run.nowNs));
    return wanted.find((t) => !this.parked.some((p) => p.onGrid && p.run.nowNs === t)) ?? null;
  }

  /** The grid's points up to `furthestNs`: the even multiples of the step, then odd ones. */
  private wanted(furthestNs: Nanos): Nanos[] {
    const step = this.spacingNs;
    const even: Nanos[] = [];
    const odd: Nanos[] = [];
    for (let i = 1; i * step <= furthestNs; i++) (i % 2 === 0 ? even : odd).push(i * step);
    return [...even, ...odd];
  }

  private evenPoints(furthestNs: Nanos): Nanos[] {
    const points: Nanos[] = [];
    for (let t = 2 * this.spacingNs; t <= furthestNs; t += 2 * this.spacingNs) points.push(t);
    return points;
  }

  isGridPoint(tNs: Nanos): boolean {
    return tNs > 0 && tNs % this.spacingNs === 0;
  }

  /** Parks `run`, weighing `weight`, beside a live run weighing `live`. */
  park(run: HostedRun, onGrid: boolean, weight: Weight, live: Weight = weight): void {
    if (run.nowNs === 0) return; // a fresh run is as cheap as a parked one
    const spares = this.parked.filter((p) => !p.onGrid);
    this.parked = this.parked.filter((p) => p.run.nowNs !== run.nowNs);
    const entry = { run, onGrid, weight };
    this.parked.push(entry);
    this.parked.sort((a, b) => a.run.nowNs - b.run.nowNs);
    if (!onGrid) spares.push(entry);
    // Spares parked longest ago go first: the user is most likely to come back to the newest.
    const over = () => totalBytes([live, ...this.parked.map((p) => p.weight)]) > BUDGET_BYTES;
    while (spares.length > SPARES || (spares.length > 0 && over())) {
      const oldest = spares.shift();
      this.parked = this.parked.filter((p) => p !== oldest);
    }
  }

  /** The parked runs' estimated bytes together. */
  bytes(): number {
    return totalBytes(this.parked.map((p) => p.weight));
  }

  /** Removes and returns the latest run at or before `tNs`. */
  take(tNs: Nanos): HostedRun | null {
    const i = this.parked.findLastIndex((p) => p.run.nowNs <= tNs);
    if (i < 0) return null;
    const [taken] = this.parked.splice(i, 1);
    return taken?.run ?? null;
  }

  /** The time of the run `take(tNs)` would return, without taking it. */
  latestAtOrBefore(tNs: Nanos): Nanos | null {
    return this.parked.findLast((p) => p.run.nowNs <= tNs)?.run.nowNs ?? null;
  }

  dropAfter(tNs: Nanos): void {
    this.parked = this.parked.filter((p) => p.run.nowNs <= tNs);
  }

  clear(): void {
    this.parked = [];
    this.spacingNs = BASE_SPACING_NS;
  }

  private thin(): void {
    this.spacingNs *= 2;
    this.parked = this.parked.filter((p) => !p.onGrid || p.run.nowNs % this.spacingNs === 0);
  }
}
