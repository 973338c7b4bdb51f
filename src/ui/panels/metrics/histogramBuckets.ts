import type { HistogramView } from "../../../model/index.ts";

export interface Bucket {
  /** Upper bound in seconds; Infinity for the +Inf bucket. */
  le: number;
  /** Observations in (previous bound, le], not cumulative. */
  count: number;
}

/** Prometheus buckets are cumulative; a bar chart wants what fell between neighbouring bounds. */
export function bucketsFromCumulative(histogram: HistogramView): Bucket[] {
  const bounds = [...histogram.bounds, Number.POSITIVE_INFINITY];
  let previous = 0;
  return bounds.map((le, i) => {
    const cumulative = histogram.cumulative[i] ?? previous;
    const count = Math.max(0, cumulative - previous);
    previous = cumulative;
    return { le, count };
  });
}

/** The `le` bound in seconds as Prometheus writes it, minus the leading zero to fit 14 bars. */
export function bucketLabel(le: number): string {
  if (!Number.isFinite(le)) return "+Inf";
  return String(le).replace(/^0\./, ".");
}

/**
 * The q-quantile the way PromQL's histogram_quantile estimates it: linear within the bucket that
 * holds the rank. Null without observations. Ranks in +Inf report the highest finite bound.
 */
export function histogramQuantile(q: number, histogram: HistogramView): number | null {
  const total = histogram.cumulative[histogram.cumulative.length - 1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let below = 0;
  for (let i = 0; i < histogram.bounds.length; i++) {
    const upperBound = histogram.bounds[i] ?? lowerBound;
    const cumulative = histogram.cumulative[i] ?? below;
    if (cumulative >= rank) {
      const inBucket = cumulative - below;
      if (inBucket === 0) return upperBound;
      return lowerBound + (upperBound - lowerBound) * ((rank - below) / inBucket);
    }
    lowerBound = upperBound;
    below = cumulative;
  }
  return lowerBound;
}
