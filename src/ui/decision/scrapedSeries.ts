import type { PromSemantics } from "../../state/prom-semantics.ts";
import type { RunScrapes, ScrapedSeries } from "../../worker/protocol.ts";
import {
  increase,
  maxOverTime,
  type PromWindow,
  windowQuantile,
} from "../panels/metrics/promql.ts";

// PromQL's aggregations over one run's scraped series, for the figures over a window: a sum of
// increases, a max over time, a histogram's quantile, each as PromQL answers it: a series the run
// never wrote has no result (Grafana's "No data"), not 0.

/** `{kind="ryw",outcome!="ok"}`: label = value, or label != value when the value starts with "!". */
export type Matcher = Readonly<Record<string, string>>;

const matches = (series: ScrapedSeries, name: string, matcher: Matcher) =>
  series.name === name &&
  Object.entries(matcher).every(([label, wanted]) =>
    wanted.startsWith("!")
      ? series.labels[label] !== wanted.slice(1)
      : series.labels[label] === wanted,
  );

/** The series `name{matcher}` selects, in the scrapes' order. */
const selectSeries = (scrapes: RunScrapes, name: string, matcher: Matcher) =>
  scrapes.series.filter((series) => matches(series, name, matcher));

/** `sum(increase(name{matcher}[w]))`; null while the window holds under two scrapes. */
export function sumIncrease(
  scrapes: RunScrapes,
  name: string,
  matcher: Matcher,
  window: PromWindow,
): number | null {
  const selected = selectSeries(scrapes, name, matcher);
  // 2.42 reads a backfill from blocks, which hand series over in label order; 3's engine here
  // reads them in the order they were first written (its head's), the scrapes' own order.
  const ordered = window.semantics === "2" ? [...selected].sort(byLabels) : selected;
  const rises = ordered.map((series) => increase(series.points, window));
  // PromQL's sum adds the series that have a result and has none itself when none has: a series
  // not yet scraped twice in the window, or never written, is left out, not counted 0.
  const found = rises.filter((rise): rise is number => rise !== null);
  return found.length === 0 ? null : promSum(found, window.semantics);
}

/** Label sets in Prometheus's order (labels.Compare): by sorted names, then values, pair by pair. */
function byLabels(a: ScrapedSeries, b: ScrapedSeries): number {
  const flat = (series: ScrapedSeries): string[] =>
    Object.entries({ ...series.labels, __name__: series.name })
      .sort(([x], [y]) => compareBytes(x, y))
      .flat();
  const left = flat(a);
  const right = flat(b);
  const differ = left.findIndex((part, i) => part !== right[i]);
  if (differ === -1 || differ >= right.length) return left.length - right.length;
  return compareBytes(left[differ] ?? "", right[differ] ?? "");
}

const compareBytes = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/**
 * PromQL's `sum` of one group's values, in the order given: 2.42 adds them one by one; 3 keeps a
 * Neumaier-compensated sum (util/kahansum Inc) and adds the compensation at the end.
 */
function promSum(values: readonly number[], semantics: PromSemantics): number {
  let sum = values[0] ?? 0;
  let compensation = 0;
  for (const value of values.slice(1)) {
    if (semantics === "2") {
      sum += value;
      continue;
    }
    const next = sum + value;
    if (Math.abs(next) === Number.POSITIVE_INFINITY) compensation = 0;
    else if (Math.abs(sum) >= Math.abs(value)) compensation += sum - next + value;
    else compensation += value - next + sum;
    sum = next;
  }
  return sum + compensation;
}

/** `max(max_over_time(name{matcher}[w]))`: the largest value scraped in the window. */
export function maxScraped(
  scrapes: RunScrapes,
  name: string,
  matcher: Matcher,
  window: PromWindow,
): number | null {
  const highs = selectSeries(scrapes, name, matcher).map((series) =>
    maxOverTime(series.points, window),
  );
  const found = highs.filter((high): high is number => high !== null);
  return found.length === 0 ? null : Math.max(...found);
}

/** `histogram_quantile(q, sum by (le) (rate(name_bucket{matcher}[w])))`; NaN with no observation. */
export function bucketQuantile(
  scrapes: RunScrapes,
  q: number,
  name: string,
  matcher: Matcher,
  window: PromWindow,
): number | null {
  const buckets = selectSeries(scrapes, `${name}_bucket`, matcher);
  if (buckets.length === 0) return Number.NaN;
  const bounds = buckets.map((series) => Number(series.labels["le"]));
  return windowQuantile(
    q,
    {
      bounds: bounds.filter((bound) => Number.isFinite(bound)),
      points: buckets.map((series) => series.points),
    },
    window,
  );
}
