import { histogramQuantile } from "./histogramBuckets.ts";

// The arithmetic PromQL does over scraped samples, so a windowed figure on the page is the one a
// Grafana panel shows for the same expression. Pure: points in, numbers out. Follows Prometheus
// 2.42 (Debian's, the one the tests run): promql/functions.go extrapolatedRate and
// promql/quantile.go bucketQuantile.

/** One scraped sample: simulated seconds since the start, and the value then. */
export interface Point {
  readonly tS: number;
  readonly value: number;
}

/**
 * The samples a range selector `[windowS]` evaluated at `atS` sees: those in [at − w, at]
 * (Prometheus 2.x; 3.x leaves out a sample exactly at at − w).
 */
export function selectRange(points: readonly Point[], atS: number, windowS: number): Point[] {
  return points.filter((point) => point.tS >= atS - windowS && point.tS <= atS);
}

/**
 * `increase(counter[w])` at `atS` (extrapolatedRate with isRate false): the rise between the first
 * and last sample in the window, counter resets added back, extrapolated towards the window's
 * edges — by at most half a scrape interval when the samples stop short of an edge, and never
 * below zero at the start. Null (no result) with fewer than two samples.
 */
export function increase(points: readonly Point[], atS: number, windowS: number): number | null {
  const samples = selectRange(points, atS, windowS);
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (first === undefined || last === undefined || samples.length < 2) return null;
  let rise = last.value - first.value;
  for (let i = 1; i < samples.length; i++) {
    const before = samples[i - 1]?.value ?? 0;
    if ((samples[i]?.value ?? 0) < before) rise += before; // a reset: the counter began again at 0
  }
  const sampled = last.tS - first.tS;
  const averageStep = sampled / (samples.length - 1);
  let toStart = first.tS - (atS - windowS);
  const toEnd = atS - last.tS;
  if (rise > 0 && first.value >= 0) toStart = Math.min(toStart, sampled * (first.value / rise));
  const threshold = averageStep * 1.1;
  const extrapolated =
    sampled +
    (toStart < threshold ? toStart : averageStep / 2) +
    (toEnd < threshold ? toEnd : averageStep / 2);
  return rise * (extrapolated / sampled);
}

/** `rate(counter[w])` at `atS`: increase per second of the window. Null with no result. */
export function rate(points: readonly Point[], atS: number, windowS: number): number | null {
  const rise = increase(points, atS, windowS);
  return rise === null ? null : rise / windowS;
}

/** A histogram's `_bucket` series: one per finite `le` bound, ascending, then `+Inf`. */
export interface BucketSeries {
  readonly bounds: readonly number[];
  /** `points[i]`: the series of bound i (`bounds.length` for +Inf). */
  readonly points: readonly (readonly Point[])[];
}

/**
 * `histogram_quantile(q, rate(x_bucket[w]))` at `atS`: the quantile of the window's observations,
 * linear within its bucket, the last finite bound for a rank in +Inf. Null when the window has no
 * result (fewer than two scrapes), NaN when it holds no observation (PromQL answers NaN).
 */
export function windowQuantile(
  q: number,
  buckets: BucketSeries,
  atS: number,
  windowS: number,
): number | null {
  const rates = buckets.points.map((points) => rate(points, atS, windowS));
  if (rates.some((value) => value === null)) return null;
  const cumulative = rates.map((value) => value ?? 0);
  const count = cumulative[cumulative.length - 1] ?? 0;
  const quantile = histogramQuantile(q, { bounds: [...buckets.bounds], cumulative, sum: 0, count });
  return quantile ?? Number.NaN;
}

/** `max_over_time(gauge[w])` at `atS`: the largest sample in the window; null with none. */
export function maxOverTime(points: readonly Point[], atS: number, windowS: number): number | null {
  const samples = selectRange(points, atS, windowS);
  return samples.length === 0 ? null : Math.max(...samples.map((point) => point.value));
}
