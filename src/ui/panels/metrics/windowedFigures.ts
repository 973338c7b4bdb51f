import { type PromSemantics, promName } from "../../../state/prom-semantics.ts";
import type { RunScrapes } from "../../../worker/protocol.ts";
import { formatCount } from "../shared/format.ts";
import { type Point, type PromWindow, rate, selectRange, windowQuantile } from "./promql.ts";

// The figures a dashboard shows for a window, each with the PromQL expression that answers it, so
// an operator can paste the expression into Grafana and compare like with like.

const READ_WAIT_BUCKET = "apiserver_watch_cache_read_wait_seconds_bucket";
const CONSISTENT_READS = "apiserver_watch_cache_consistent_read_total";

/** `60` → `1m`, `90` → `90s`: a range as PromQL writes it. */
export function promRange(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`;
}

const selector = (labels: Record<string, string | undefined>) => {
  const pairs = Object.entries(labels)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${value}"`);
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
};

/** The read-wait p99 over `windowS` (0: since the start), for run `run` of a twin. */
export function p99Expression(windowS: number, run?: string): string {
  const series = `${READ_WAIT_BUCKET}${selector({ run })}`;
  if (windowS === 0) return `histogram_quantile(0.99, sum by (le) (${series}))`;
  return `histogram_quantile(0.99, sum by (le) (rate(${series}[${promRange(windowS)}])))`;
}

export function readsExpression(
  windowS: number,
  labels: { success: string; fallback: string },
  run?: string,
): string {
  const series = `${CONSISTENT_READS}${selector({ run, ...labels })}`;
  return windowS === 0 ? series : `rate(${series}[${promRange(windowS)}])`;
}

export interface WindowedReads {
  success: string;
  fallback: string;
  /** Per second over the window; null when the window holds under two scrapes of it. */
  perSecond: number | null;
  expression: string;
}

/**
 * A series whose first scrape lies inside the window with a count already in it: rate() starts
 * from that sample and cannot see what was counted before, in Prometheus as on the page.
 */
export interface FirstSeen {
  /** `fallback="true"`, or the read-wait histogram. */
  series: string;
  firstS: number;
  /** What it had counted by its first scrape. */
  counted: number;
}

export interface WindowedFigures {
  /** The Prometheus whose range and extrapolation the figures follow. */
  semantics: PromSemantics;
  /** The p99 in seconds; null: no result (under two scrapes); NaN: no waits in the window. */
  p99: number | null;
  p99Expression: string;
  reads: WindowedReads[];
  /** The series that appeared inside the window already counting (none, mostly). */
  firstSeen: FirstSeen[];
}

/** The series' first sample, if it lies inside the window and already counts something. */
function firstSeenIn(points: readonly Point[], firstS: number, window: PromWindow): number | null {
  const first = selectRange(points, window)[0];
  return first !== undefined && firstS > 0 && first.tS === firstS && first.value > 0
    ? first.value
    : null;
}

export function windowedFigures(scrapes: RunScrapes, window: PromWindow): WindowedFigures {
  const { windowS } = window;
  return {
    semantics: window.semantics,
    p99: scrapes.readWait === null ? null : windowQuantile(0.99, scrapes.readWait, window),
    p99Expression: p99Expression(windowS, scrapes.run),
    firstSeen: [
      ...(scrapes.readWait === null
        ? []
        : [
            {
              series: "the read-wait histogram",
              firstS: scrapes.readWait.firstS,
              counted: firstSeenIn(
                scrapes.readWait.points[scrapes.readWait.points.length - 1] ?? [],
                scrapes.readWait.firstS,
                window,
              ),
            },
          ]),
      ...scrapes.consistentReads.map((series) => ({
        series: `success="${series.success}", fallback="${series.fallback}"`,
        firstS: series.firstS,
        counted: firstSeenIn(series.points, series.firstS, window),
      })),
    ].flatMap((one) => (one.counted === null ? [] : [{ ...one, counted: one.counted }])),
    reads: scrapes.consistentReads.map((series) => ({
      success: series.success,
      fallback: series.fallback,
      perSecond: rate(series.points, window),
      expression: readsExpression(
        windowS,
        { success: series.success, fallback: series.fallback },
        scrapes.run,
      ),
    })),
  };
}

/** A windowed p99 as the page prints it: "no data" where Grafana shows nothing or NaN. */
export function formatWindowP99(p99: number | null): string {
  if (p99 === null) return "no data (under two scrapes in the window)";
  if (Number.isNaN(p99)) return "no data (no waits in the window: PromQL answers NaN)";
  return `${p99.toFixed(2)} s`;
}

export function formatPerSecond(perSecond: number | null): string {
  if (perSecond === null) return "no data";
  return `${perSecond < 10 ? perSecond.toFixed(2) : perSecond.toFixed(1)}/s`;
}

/**
 * What the chosen Prometheus does at the window's start, in a sentence beside the figures:
 * "Prometheus 3: the last 1 m is (t − 1m, t], a scrape exactly at its start is left out."
 */
export function rangeNote(semantics: PromSemantics, label: string): string {
  return semantics === "3"
    ? `${promName(semantics)}: the ${label} is the range (t − w, t]; a scrape exactly at its start is left out.`
    : `${promName(semantics)}: the ${label} is the range [t − w, t]; a scrape exactly at its start counts.`;
}

/** The line the panel and the report give a series that appeared inside the window. */
export function firstSeenNote(one: FirstSeen): string {
  return (
    `${one.series} first appeared at ${one.firstS} s with ${formatCount(one.counted)} already ` +
    "counted: rate() cannot see those, so the figure is below what happened (Prometheus shows the same)."
  );
}
