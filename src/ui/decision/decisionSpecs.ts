import type { ReadKind, SimSnapshot } from "../../model/index.ts";
import type { RunScrapes } from "../../worker/protocol.ts";
import { histogramQuantile } from "../panels/metrics/histogramBuckets.ts";
import type { PromWindow } from "../panels/metrics/promql.ts";
import { readKindStyles } from "../panels/shared/readKinds.ts";
import { bucketQuantile, type Matcher, maxScraped, sumIncrease } from "./scrapedSeries.ts";

// Each row of "What the change trades": where its figure is since the start (the snapshot) and
// which series PromQL reads over the window, with the expression a dashboard would use.

export type Unit = "s" | "count" | "slot-s" | "bytes";
export type DecisionGroup = "clients" | "etcd" | "apiserver";

export interface RowSpec {
  id: string;
  group: DecisionGroup;
  label: string;
  unit: Unit;
  since(snapshot: SimSnapshot): number | null;
  window(scrapes: RunScrapes, window: PromWindow): number | null;
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

/**
 * A row read from one family: a counter summed (`sum(increase(…[w]))` over the window), or a "so
 * far" peak, whose window is the largest value of its gauge scraped (the exact peak between two
 * scrapes is not in them).
 */
function familyRow(
  row: Omit<RowSpec, "window" | "expression">,
  how: "sum" | "max",
  name: string,
  matcher: Matcher,
): RowSpec {
  const read = how === "sum" ? sumIncrease : maxScraped;
  const outer = how === "sum" ? "sum(increase" : "max(max_over_time";
  return {
    ...row,
    window: (scrapes, window) => read(scrapes, name, matcher, window),
    expression: (range) => `${outer}(${name}${selector(matcher)}[${range}]))`,
  };
}

export function latencyRow(kind: ReadKind, q: number): RowSpec {
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
    window: (scrapes, window) => bucketQuantile(scrapes, q, DURATION, { kind }, window),
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

export const CLIENT_COUNTS: readonly RowSpec[] = [
  familyRow(
    {
      id: "failed",
      group: "clients",
      label: "LISTs failed after retries",
      unit: "count",
      since: failedLists,
    },
    "sum",
    LISTS,
    { outcome: "!ok" },
  ),
  familyRow(
    {
      id: "429",
      group: "clients",
      label: "429 answers",
      unit: "count",
      since: (s) => answered(s, "429"),
    },
    "sum",
    READS,
    { code: "429" },
  ),
  familyRow(
    {
      id: "504",
      group: "clients",
      label: "504 answers",
      unit: "count",
      since: (s) => answered(s, "504"),
    },
    "sum",
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
    window: (scrapes, window) => {
      const errors = sumIncrease(scrapes, READS, { code: "!200" }, window);
      const failed = sumIncrease(scrapes, LISTS, { outcome: "!ok" }, window);
      return errors === null || failed === null ? null : errors - failed;
    },
    expression: (range) =>
      `sum(increase(${READS}{code!="200"}[${range}])) - sum(increase(${LISTS}{outcome!="ok"}[${range}]))`,
  },
  familyRow(
    {
      id: "ryw",
      group: "clients",
      label: "completed read-your-write cycles",
      unit: "count",
      since: (s) => s.requests.listsByKind.ryw?.["ok"] ?? 0,
    },
    "sum",
    LISTS,
    { kind: "ryw", outcome: "ok" },
  ),
];

export const ETCD_ROWS: readonly RowSpec[] = [
  familyRow(
    {
      id: "fallbackLists",
      group: "etcd",
      label: "fallback LISTs",
      unit: "count",
      since: (s) => s.etcd.total.byReason.fallback.requests,
    },
    "sum",
    ETCD_REQUESTS,
    { reason: "fallback" },
  ),
  familyRow(
    {
      id: "delegatedLists",
      group: "etcd",
      label: "LISTs sent to etcd",
      unit: "count",
      since: (s) => s.etcd.total.byReason.delegated.requests,
    },
    "sum",
    ETCD_REQUESTS,
    { reason: "delegated" },
  ),
  familyRow(
    {
      id: "quorum",
      group: "etcd",
      label: "quorum reads for the RV",
      unit: "count",
      since: (s) => s.etcd.total.byReason.current_rv.requests,
    },
    "sum",
    ETCD_REQUESTS,
    { reason: "current_rv" },
  ),
  familyRow(
    {
      id: "busy",
      group: "etcd",
      label: "busy slot-seconds",
      unit: "slot-s",
      since: (s) => etcdTotal(s, "busySeconds"),
    },
    "sum",
    "watchcachelab_etcd_busy_seconds_total",
    {},
  ),
  familyRow(
    {
      id: "bytes",
      group: "etcd",
      label: "bytes returned",
      unit: "bytes",
      since: (s) => etcdTotal(s, "bytes"),
    },
    "sum",
    "watchcachelab_etcd_bytes_total",
    {},
  ),
  familyRow(
    {
      id: "peakInFlight",
      group: "etcd",
      label: "peak ranges in flight (queued or served)",
      unit: "count",
      since: (s) => s.etcd.rangesInFlightPeak,
    },
    "max",
    "watchcachelab_etcd_ranges_in_flight",
    {},
  ),
  familyRow(
    {
      id: "listBytesPeak",
      group: "apiserver",
      label: "peak memory held for LISTs",
      unit: "bytes",
      since: (s) => s.etcd.listBytesPeak,
    },
    "max",
    "watchcachelab_apiserver_list_bytes",
    { source: "etcd" },
  ),
];
