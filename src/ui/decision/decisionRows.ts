import type { ReadKind, SimSnapshot } from "../../model/index.ts";
import type { RunScrapes } from "../../worker/protocol.ts";
import { histogramQuantile } from "../panels/metrics/histogramBuckets.ts";
import { promRange } from "../panels/metrics/windowedFigures.ts";
import { formatBytes, formatCount } from "../panels/shared/format.ts";
import { readKindOrder, readKindStyles } from "../panels/shared/readKinds.ts";
import { bucketQuantile, type Matcher, maxScraped, sumIncrease } from "./scrapedSeries.ts";

// What an operator weighs before turning a gate on or off, per run: the clients' side (how long a
// LIST took, what failed, what was refused and retried), etcd's (what reached it and what that
// cost) and the apiserver's memory. Since the start each figure is the model's own count in the
// snapshot; over a window it is what PromQL answers over the run's scrapes. The compare view's
// table, the report's table and the report's sentences all read these rows.

export type DecisionGroup = "clients" | "etcd" | "apiserver";
type Unit = "s" | "count" | "slot-s" | "bytes";

export interface DecisionFigure {
  /** null: no data (no LIST ended, or the window holds under two scrapes). */
  value: number | null;
  text: string;
}

export interface DecisionRow {
  id: string;
  group: DecisionGroup;
  label: string;
  /** One per run, A then B. */
  since: DecisionFigure[];
  /** One per run over the window; null when the page shows since the start. */
  window: DecisionFigure[] | null;
  /** The PromQL that answers the row over the window (run A's labels). */
  expression: string;
}

export interface DecisionRun {
  snapshot: SimSnapshot;
  /** The run's scrapes over the window, null while they are read or with no window. */
  scrapes: RunScrapes | null;
}

export interface DecisionWindow {
  windowS: number;
  atS: number;
}

interface RowSpec {
  id: string;
  group: DecisionGroup;
  label: string;
  unit: Unit;
  since(snapshot: SimSnapshot): number | null;
  window(scrapes: RunScrapes, atS: number, windowS: number): number | null;
  expression(range: string): string;
}

const LISTS = "watchcachelab_lists_total";
const READS = "watchcachelab_reads_total";
const DURATION = "watchcachelab_list_duration_seconds";
const ETCD_REQUESTS = "watchcachelab_etcd_requests_total";

const selector = (matcher: Matcher) => {
  const pairs = Object.entries(matcher).map(([label, value]) =>
    value.startsWith("!") ? `${label}!="${value.slice(1)}"` : `${label}="${value}"`,
  );
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
};

/** A counter summed over the series `matcher` selects: `sum(increase(…[w]))` over the window. */
function counterRow(
  row: Omit<RowSpec, "window" | "expression">,
  name: string,
  matcher: Matcher,
): RowSpec {
  return {
    ...row,
    window: (scrapes, atS, windowS) => sumIncrease(scrapes, name, matcher, atS, windowS),
    expression: (range) => `sum(increase(${name}${selector(matcher)}[${range}]))`,
  };
}

/** A "so far" peak; over a window, the largest value scraped (the exact peak between scrapes is not). */
function peakRow(
  row: Omit<RowSpec, "window" | "expression">,
  gauge: string,
  matcher: Matcher,
): RowSpec {
  return {
    ...row,
    window: (scrapes, atS, windowS) => maxScraped(scrapes, gauge, matcher, atS, windowS),
    expression: (range) => `max(max_over_time(${gauge}${selector(matcher)}[${range}]))`,
  };
}

function latencyRow(kind: ReadKind, q: number): RowSpec {
  const name = `p${Math.round(q * 100)}`;
  return {
    id: `${name}:${kind}`,
    group: "clients",
    label: `${readKindStyles[kind].label} LIST ${name}`,
    unit: "s",
    since: (s) => {
      const histogram = s.requests.listDuration[kind];
      return histogram === undefined ? null : histogramQuantile(q, histogram);
    },
    window: (scrapes, atS, windowS) => bucketQuantile(scrapes, q, DURATION, { kind }, atS, windowS),
    expression: (range) =>
      `histogram_quantile(${q}, sum by (le) (rate(${DURATION}_bucket{kind="${kind}"}[${range}])))`,
  };
}

const answered = (s: SimSnapshot, outcome: "429" | "504") =>
  Object.values(s.outcomes).reduce((sum, byOutcome) => sum + byOutcome[outcome], 0);
const failedLists = (s: SimSnapshot) =>
  Object.entries(s.requests.listsByOutcome).reduce(
    (sum, [o, n]) => (o === "ok" ? sum : sum + n),
    0,
  );
const etcdTotal = (s: SimSnapshot, field: "busySeconds" | "bytes") =>
  Object.values(s.etcd.total.byReason).reduce((sum, cost) => sum + cost[field], 0);

const CLIENT_COUNTS: readonly RowSpec[] = [
  counterRow(
    {
      id: "failed",
      group: "clients",
      label: "LISTs failed after retries",
      unit: "count",
      since: failedLists,
    },
    LISTS,
    { outcome: "!ok" },
  ),
  counterRow(
    {
      id: "429",
      group: "clients",
      label: "429 answers",
      unit: "count",
      since: (s) => answered(s, "429"),
    },
    READS,
    { code: "429" },
  ),
  counterRow(
    {
      id: "504",
      group: "clients",
      label: "504 answers",
      unit: "count",
      since: (s) => answered(s, "504"),
    },
    READS,
    { code: "504" },
  ),
  {
    id: "retries",
    group: "clients",
    label: "retries after Retry-After",
    unit: "count",
    since: (s) => s.requests.retries,
    // No series of its own: every error either ended its LIST or was retried (pages aside).
    window: (scrapes, atS, windowS) => {
      const errors = sumIncrease(scrapes, READS, { code: "!200" }, atS, windowS);
      const failed = sumIncrease(scrapes, LISTS, { outcome: "!ok" }, atS, windowS);
      return errors === null || failed === null ? null : errors - failed;
    },
    expression: (range) =>
      `sum(increase(${READS}{code!="200"}[${range}])) - sum(increase(${LISTS}{outcome!="ok"}[${range}]))`,
  },
  counterRow(
    {
      id: "ryw",
      group: "clients",
      label: "completed read-your-write cycles",
      unit: "count",
      since: (s) => s.requests.listsByKind.ryw?.["ok"] ?? 0,
    },
    LISTS,
    { kind: "ryw", outcome: "ok" },
  ),
];

const ETCD_ROWS: readonly RowSpec[] = [
  counterRow(
    {
      id: "fallbackLists",
      group: "etcd",
      label: "fallback LISTs",
      unit: "count",
      since: (s) => s.etcd.total.byReason.fallback.requests,
    },
    ETCD_REQUESTS,
    { reason: "fallback" },
  ),
  counterRow(
    {
      id: "delegatedLists",
      group: "etcd",
      label: "LISTs sent to etcd",
      unit: "count",
      since: (s) => s.etcd.total.byReason.delegated.requests,
    },
    ETCD_REQUESTS,
    { reason: "delegated" },
  ),
  counterRow(
    {
      id: "quorum",
      group: "etcd",
      label: "quorum reads for the RV",
      unit: "count",
      since: (s) => s.etcd.total.byReason.current_rv.requests,
    },
    ETCD_REQUESTS,
    { reason: "current_rv" },
  ),
  counterRow(
    {
      id: "busy",
      group: "etcd",
      label: "busy slot-seconds",
      unit: "slot-s",
      since: (s) => etcdTotal(s, "busySeconds"),
    },
    "watchcachelab_etcd_busy_seconds_total",
    {},
  ),
  counterRow(
    {
      id: "bytes",
      group: "etcd",
      label: "bytes returned",
      unit: "bytes",
      since: (s) => etcdTotal(s, "bytes"),
    },
    "watchcachelab_etcd_bytes_total",
    {},
  ),
  peakRow(
    {
      id: "peakInFlight",
      group: "etcd",
      label: "peak ranges in flight (queued or served)",
      unit: "count",
      since: (s) => s.etcd.rangesInFlightPeak,
    },
    "watchcachelab_etcd_ranges_in_flight",
    {},
  ),
  peakRow(
    {
      id: "listBytesPeak",
      group: "apiserver",
      label: "peak memory held for LISTs",
      unit: "bytes",
      since: (s) => s.etcd.listBytesPeak,
    },
    "watchcachelab_apiserver_list_bytes",
    { source: "etcd" },
  ),
];

/** The read kinds whose LISTs ended in any of the runs, in the order a learner meets them. */
function kindsSeen(runs: readonly DecisionRun[]): ReadKind[] {
  return readKindOrder.filter((kind) =>
    runs.some((run) => (run.snapshot.requests.listDuration[kind]?.count ?? 0) > 0),
  );
}

export function formatFigure(value: number | null, unit: Unit): string {
  if (value === null || Number.isNaN(value)) return "no data";
  if (unit === "s") return `${value.toFixed(3)} s`;
  if (unit === "slot-s") return `${value.toFixed(1)} slot-s`;
  if (unit === "bytes") return formatBytes(value);
  return formatCount(value);
}

const figure = (value: number | null, unit: Unit): DecisionFigure => ({
  value: value === null || Number.isNaN(value) ? null : value,
  text: formatFigure(value, unit),
});

/** The rows for these runs (A, then B in a twin), over `window` too when the page shows one. */
export function decisionRows(
  runs: readonly DecisionRun[],
  window: DecisionWindow | null,
): DecisionRow[] {
  const latency = kindsSeen(runs).flatMap((kind) => [
    latencyRow(kind, 0.5),
    latencyRow(kind, 0.99),
  ]);
  const range = window === null ? "" : promRange(window.windowS);
  return [...latency, ...CLIENT_COUNTS, ...ETCD_ROWS].map((spec) => ({
    id: spec.id,
    group: spec.group,
    label: spec.label,
    since: runs.map((run) => figure(spec.since(run.snapshot), spec.unit)),
    window:
      window === null
        ? null
        : runs.map((run) =>
            figure(
              run.scrapes === null ? null : spec.window(run.scrapes, window.atS, window.windowS),
              spec.unit,
            ),
          ),
    expression: spec.expression(range === "" ? "1m" : range),
  }));
}

export const GROUP_TITLES: Record<DecisionGroup, string> = {
  clients: "The clients",
  etcd: "etcd",
  apiserver: "The apiserver",
};
