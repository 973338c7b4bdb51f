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

/** A quantile as PromQL's histogram_quantile answers it, and where its rank fell. */
export interface QuantileReading {
  seconds: number;
  /** The rank fell in +Inf: Prometheus answers the last finite bound, not a measured time. */
  inInf: boolean;
}

/**
 * The q-quantile the way PromQL's histogram_quantile estimates it (Prometheus
 * promql/quantile.go bucketQuantile): linear within the bucket that holds the rank, from 0 in the
 * first; a rank in +Inf answers the highest finite bound. Null without observations.
 */
export function quantileReading(q: number, histogram: HistogramView): QuantileReading | null {
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
      const seconds =
        inBucket === 0
          ? upperBound
          : lowerBound + (upperBound - lowerBound) * ((rank - below) / inBucket);
      return { seconds, inInf: false };
    }
    lowerBound = upperBound;
    below = cumulative;
  }
  return { seconds: lowerBound, inInf: true };
}

/** The q-quantile in seconds as histogram_quantile answers it (see quantileReading). */
export function histogramQuantile(q: number, histogram: HistogramView): number | null {
  return quantileReading(q, histogram)?.seconds ?? null;
}
