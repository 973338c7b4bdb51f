import type { PromSemantics } from "../../state/prom-semantics.ts";
import type { RunScrapes, ScrapedSeries } from "../../worker/protocol.ts";
import { increase, maxOverTime, windowQuantile } from "../panels/metrics/promql.ts";

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

/** Each series `name{matcher}` selects, read by `figure` (null: no result for that series). */
const perSeries = (
  scrapes: RunScrapes,
  name: string,
  matcher: Matcher,
  figure: (points: ScrapedSeries["points"]) => number | null,
) => scrapes.series.filter((series) => matches(series, name, matcher)).map((s) => figure(s.points));

/** `sum(increase(name{matcher}[w]))`; null while the window holds under two scrapes. */
export function sumIncrease(
  scrapes: RunScrapes,
  name: string,
  matcher: Matcher,
  atS: number,
  windowS: number,
  semantics: PromSemantics,
): number | null {
  const rises = perSeries(scrapes, name, matcher, (points) =>
    increase(points, atS, windowS, semantics),
  );
  // PromQL's sum adds the series that have a result and has none itself when none has: a series
  // not yet scraped twice in the window, or never written, is left out, not counted 0.
  const found = rises.filter((rise): rise is number => rise !== null);
  return found.length === 0 ? null : found.reduce((sum, rise) => sum + rise, 0);
}

/** `max(max_over_time(name{matcher}[w]))`: the largest value scraped in the window. */
export function maxScraped(
  scrapes: RunScrapes,
  name: string,
  matcher: Matcher,
  atS: number,
  windowS: number,
  semantics: PromSemantics,
): number | null {
  const highs = perSeries(scrapes, name, matcher, (points) =>
    maxOverTime(points, atS, windowS, semantics),
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
  atS: number,
  windowS: number,
  semantics: PromSemantics,
): number | null {
  const buckets = scrapes.series.filter((series) => matches(series, `${name}_bucket`, matcher));
  if (buckets.length === 0) return Number.NaN;
  const bounds = buckets.map((series) => Number(series.labels["le"]));
  return windowQuantile(
    q,
    {
      bounds: bounds.filter((bound) => Number.isFinite(bound)),
      points: buckets.map((series) => series.points),
    },
    atS,
    windowS,
    semantics,
  );
}
