import type { PromSemantics } from "../../../state/prom-semantics.ts";
import { histogramQuantile } from "./histogramBuckets.ts";

// The arithmetic PromQL does over scraped samples, so a windowed figure on the page is the one a
// Grafana panel shows for the same expression, under the Prometheus the user runs. Pure: points
// in, numbers out. Prometheus 3 (v0.316.0) and 2.42 differ in two places, both at a window's start:
// which samples the range holds, and the order of extrapolatedRate's two limits on how far back
// a counter is extrapolated (docs/fidelity.md, "PromQL over the scrapes").

/** Where a range selector is evaluated: its end and width in simulated seconds, and by whom. */
export interface PromWindow {
  readonly atS: number;
  readonly windowS: number;
  /** The Prometheus whose range and extrapolation the figures follow. */
  readonly semantics: PromSemantics;
}

/** One scraped sample: simulated seconds since the start, and the value then. */
export interface Point {
  readonly tS: number;
  readonly value: number;
}

/** Prometheus keeps time in whole milliseconds: the window's edges are compared there. */
const toMs = (seconds: number): number => Math.round(seconds * 1000);

/**
 * The samples a range selector `[windowS]` evaluated at `atS` sees (promql/engine.go
 * matrixIterSlice): (at − w, at] in Prometheus 3, [at − w, at] in Prometheus 2.
 */
export function selectRange(points: readonly Point[], window: PromWindow): Point[] {
  const { atS, windowS, semantics } = window;
  const endMs = toMs(atS);
  const startMs = endMs - toMs(windowS);
  return points.filter((point) => {
    const ms = toMs(point.tS);
    return ms <= endMs && (semantics === "3" ? ms > startMs : ms >= startMs);
  });
}

/**
 * `increase(counter[w])` (perSecond false) or `rate` (true) at `atS`: promql/functions.go
 * extrapolatedRate. The rise between the first and last sample in the window, counter resets added
 * back, extrapolated towards the window's edges — all the way when the gap is under 1.1 average
 * scrape intervals, otherwise half an interval — and at the start never past the point where the
 * counter would have been 0. Null (no result) with fewer than two samples. The float operations
 * follow each engine's order, so a figure is the engine's to the last bit (a quantile's rank can
 * fall either side of a bucket on one bit).
 */
function extrapolatedRate(
  points: readonly Point[],
  window: PromWindow,
  perSecond: boolean,
): number | null {
  const { atS, windowS, semantics } = window;
  const samples = selectRange(points, window);
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (first === undefined || last === undefined || samples.length < 2) return null;
  let rise = last.value - first.value;
  for (let i = 1; i < samples.length; i++) {
    const before = samples[i - 1]?.value ?? 0;
    if ((samples[i]?.value ?? 0) < before) rise += before; // a reset: the counter began again at 0
  }
  const sampled = (toMs(last.tS) - toMs(first.tS)) / 1000;
  const averageStep = sampled / (samples.length - 1);
  const threshold = averageStep * 1.1;
  const toZero =
    rise > 0 && first.value >= 0 ? sampled * (first.value / rise) : Number.POSITIVE_INFINITY;
  const gapToStart = (toMs(first.tS) - (toMs(atS) - toMs(windowS))) / 1000;
  const gapToEnd = (toMs(atS) - toMs(last.tS)) / 1000;
  const toEnd = gapToEnd < threshold ? gapToEnd : averageStep / 2;
  // v3 takes half an interval when the gap is too wide, then no further back than the zero
  // point; 2.42 takes the zero point first, and the threshold then judges what is left.
  const toStart =
    semantics === "3"
      ? Math.min(gapToStart < threshold ? gapToStart : averageStep / 2, toZero)
      : Math.min(gapToStart, toZero) < threshold
        ? Math.min(gapToStart, toZero)
        : averageStep / 2;
  // Both: one factor, divided by the range for a rate, times the rise.
  let factor = (sampled + toStart + toEnd) / sampled;
  if (perSecond) factor /= windowS;
  return rise * factor;
}

/** `increase(counter[w])` at `atS`; null with no result. */
export const increase = (points: readonly Point[], window: PromWindow): number | null =>
  extrapolatedRate(points, window, false);

/** `rate(counter[w])` at `atS`: increase per second of the window. Null with no result. */
export const rate = (points: readonly Point[], window: PromWindow): number | null =>
  extrapolatedRate(points, window, true);

/** A histogram's `_bucket` series: one per finite `le` bound, ascending, then `+Inf`. */
export interface BucketSeries {
  readonly bounds: readonly number[];
  /** `points[i]`: the series of bound i (`bounds.length` for +Inf). */
  readonly points: readonly (readonly Point[])[];
}

/** Prometheus 3 treats bucket counts this close (relative) as equal (promql/quantile.go). */
const SMALL_DELTA = 1e-12;
/** The smallest positive normal float64. */
const MIN_NORMAL = 2.2250738585072014e-308;

/** util/almost Equal: within a relative `epsilon` of the sum of both sizes (near 0: absolute). */
function almostEqual(a: number, b: number, epsilon: number): boolean {
  if (a === b) return true;
  const sizes = Math.abs(a) + Math.abs(b);
  const diff = Math.abs(a - b);
  if (a === 0 || b === 0 || sizes < MIN_NORMAL) return diff < epsilon * MIN_NORMAL;
  return diff / Math.min(sizes, Number.MAX_VALUE) < epsilon;
}

/**
 * Bucket rates made cumulative-monotonic as histogram_quantile does before it reads them
 * (ensureMonotonic in 2.42; ensureMonotonicAndIgnoreSmallDeltas in 3): a bucket below the one
 * before it takes that one's count, and in 3 so does one almost equal to it (util/almost).
 */
function monotonic(counts: readonly number[], semantics: PromSemantics): number[] {
  const out: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const count of counts) {
    const close =
      semantics === "3" &&
      out.length > 0 &&
      count !== previous &&
      almostEqual(previous, count, SMALL_DELTA);
    if (count < previous || close) out.push(previous);
    else {
      out.push(count);
      previous = count;
    }
  }
  return out;
}

/**
 * `histogram_quantile(q, rate(x_bucket[w]))` at `atS`: the quantile of the window's observations,
 * linear within its bucket, the last finite bound for a rank in +Inf. Null when the window has no
 * result (fewer than two scrapes), NaN when it holds no observation (PromQL answers NaN).
 */
export function windowQuantile(
  q: number,
  buckets: BucketSeries,
  window: PromWindow,
): number | null {
  const rates = buckets.points.map((points) => rate(points, window));
  if (rates.some((value) => value === null)) return null;
  const cumulative = monotonic(
    rates.map((value) => value ?? 0),
    window.semantics,
  );
  const count = cumulative[cumulative.length - 1] ?? 0;
  const quantile = histogramQuantile(q, { bounds: [...buckets.bounds], cumulative, sum: 0, count });
  return quantile ?? Number.NaN;
}

/** `max_over_time(gauge[w])` at `atS`: the largest sample in the window; null with none. */
export function maxOverTime(points: readonly Point[], window: PromWindow): number | null {
  const samples = selectRange(points, window);
  return samples.length === 0 ? null : Math.max(...samples.map((point) => point.value));
}
