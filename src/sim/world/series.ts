import { at } from "../lib/at.ts";
import type { SeriesView } from "../snapshot.ts";
import type { Nanos } from "../time.ts";

// The run's time series for the freshness and load panels. Sampled every `stepNs` of simulated
// time into fixed buffers; when they fill, every other point is dropped and the step doubles, so
// memory stays bounded however long the run is. Snapshots downsample further to the screen.

export const SERIES_FIELDS = [
  "etcdRevision",
  "cacheRv",
  "lagSeconds",
  "capacity",
  "waiters",
  "etcdQueue",
  "etcdBusySeconds",
  "readWaits",
  "readWaitsOverWall",
] as const;
export type SeriesField = (typeof SERIES_FIELDS)[number];
export type SeriesSample = Record<SeriesField, number>;

const CAPACITY_POINTS = 4096;
const INITIAL_STEP_NS = 100_000_000;

export class SeriesBuffer {
  nextSampleNs: Nanos = 0;
  private stepNs = INITIAL_STEP_NS;
  private length = 0;
  private readonly times = new Float64Array(CAPACITY_POINTS);
  private readonly values: Record<SeriesField, Float64Array>;

  constructor() {
    const values = {} as Record<SeriesField, Float64Array>;
    for (const f of SERIES_FIELDS) values[f] = new Float64Array(CAPACITY_POINTS);
    this.values = values;
  }

  /** Records `sample` as the state at `nextSampleNs`, then moves to the next sampling time. */
  add(sample: SeriesSample): void {
    if (this.length === CAPACITY_POINTS) this.halve();
    const i = this.length;
    const v = this.values;
    this.times[i] = this.nextSampleNs;
    // Named stores, not a loop over SERIES_FIELDS: keyed by a varying name, each store is a
    // megamorphic lookup, and the loop is what V8 compiles early in every run (docs/benchmarks.md
    // at 97e105f).
    v.etcdRevision[i] = sample.etcdRevision;
    v.cacheRv[i] = sample.cacheRv;
    v.lagSeconds[i] = sample.lagSeconds;
    v.capacity[i] = sample.capacity;
    v.waiters[i] = sample.waiters;
    v.etcdQueue[i] = sample.etcdQueue;
    v.etcdBusySeconds[i] = sample.etcdBusySeconds;
    v.readWaits[i] = sample.readWaits;
    v.readWaitsOverWall[i] = sample.readWaitsOverWall;
    this.length++;
    this.nextSampleNs += this.stepNs;
  }

  /** At most `points` points, evenly picked, in fresh arrays (they are transferred away). */
  view(points: number): SeriesView {
    const n = Math.min(this.length, Math.max(0, Math.floor(points)));
    const pick = (source: Float64Array) => {
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        out[i] = at(
          source,
          n === this.length ? i : Math.floor((i * (this.length - 1)) / Math.max(1, n - 1)),
        );
      }
      return out;
    };
    return {
      tNs: pick(this.times),
      etcdRevision: pick(this.values.etcdRevision),
      cacheRv: pick(this.values.cacheRv),
      lagSeconds: pick(this.values.lagSeconds),
      capacity: pick(this.values.capacity),
      waiters: pick(this.values.waiters),
      etcdQueue: pick(this.values.etcdQueue),
      etcdBusySeconds: pick(this.values.etcdBusySeconds),
      readWaits: pick(this.values.readWaits),
      readWaitsOverWall: pick(this.values.readWaitsOverWall),
    };
  }

  private halve(): void {
    const keep = (a: Float64Array) => {
      for (let i = 0; i < this.length / 2; i++) a[i] = at(a, 2 * i);
    };
    keep(this.times);
    for (const f of SERIES_FIELDS) keep(this.values[f]);
    this.length = this.length / 2;
    // The kept points are 2 steps apart; the next one follows the last kept at the new step.
    this.stepNs *= 2;
    this.nextSampleNs = at(this.times, this.length - 1) + this.stepNs;
  }
}
