import { type PromSample, parsePrometheusText } from "./prometheus-text.ts";

// What a kube-apiserver scrape says about the pods watch cache: the series the lab models, read
// from one or two scrapes. Every Kubernetes version the lab models is accepted: 1.34 on label these
// series `group="", resource="pods"`; 1.33 writes read-wait as `resource="pods"` and consistent
// reads as `resource="/pods"`, neither with `group` (upstream: pkg/storage/cacher/metrics/metrics.go).

export const KNOWN_SERIES = [
  "apiserver_watch_cache_read_wait_seconds",
  "apiserver_watch_cache_consistent_read_total",
  "apiserver_watch_cache_events_received_total",
  "watch_cache_capacity",
  "apiserver_watch_cache_resource_version",
] as const;
export type KnownSeries = (typeof KNOWN_SERIES)[number];

export type Fallback = "false" | "true" | "skipped";
const FALLBACKS: readonly Fallback[] = ["false", "true", "skipped"];

/** The known series of one scrape, for the pods cache. */
export interface ScrapeReading {
  readonly found: readonly KnownSeries[];
  /** Sample lines of other series, or of other resources: counted, not read. */
  readonly ignored: number;
  readonly badLines: readonly number[];
  /** Cumulative consistent reads by fallback (successes and failures together). */
  readonly consistentReads: Readonly<Record<Fallback, number>>;
  readonly readWait?: { readonly count: number; readonly sum: number; readonly withinWall: number };
  readonly eventsReceived?: number;
  readonly capacity?: number;
  readonly resourceVersion?: number;
  /** The earliest sample timestamp on a known series, ms, when the scrape has them. */
  readonly timestampMs?: number;
  /** True when a series used 1.33's labels (`resource="/pods"` or no `group`). */
  readonly labels133: boolean;
  /** Known series with a value no counter or gauge of theirs can take (NaN, ±Inf, below 0). */
  readonly impossible: readonly string[];
}

/** The bucket bound of the wall: a read still waiting at 3 s is answered another way. */
const WALL_LE = 3;

const isPods = (s: PromSample) =>
  (s.labels["resource"] === "pods" || s.labels["resource"] === "/pods") &&
  (s.labels["group"] === undefined || s.labels["group"] === "");

const knownOf = (name: string): KnownSeries | undefined =>
  KNOWN_SERIES.find(
    (k) => name === k || name === `${k}_bucket` || name === `${k}_sum` || name === `${k}_count`,
  );

export function readScrape(text: string): ScrapeReading {
  const { samples, badLines } = parsePrometheusText(text);
  const found = new Set<KnownSeries>();
  const consistentReads: Record<Fallback, number> = { false: 0, true: 0, skipped: 0 };
  let ignored = 0;
  let labels133 = false;
  let count: number | undefined;
  let sum = 0;
  let withinWall = 0;
  let eventsReceived: number | undefined;
  let capacity: number | undefined;
  let resourceVersion: number | undefined;
  let timestampMs: number | undefined;
  const impossible: string[] = [];
  for (const s of samples) {
    const known = knownOf(s.name);
    if (known === undefined || !isPods(s)) {
      ignored++;
      continue;
    }
    found.add(known);
    // Every series read here counts or measures something: a finite number, never below 0.
    if (!(Number.isFinite(s.value) && s.value >= 0)) {
      impossible.push(`${s.name}${labelText(s.labels)} = ${s.value}`);
      continue;
    }
    if (s.labels["group"] === undefined || s.labels["resource"] === "/pods") labels133 = true;
    if (s.timestampMs !== undefined)
      timestampMs = Math.min(timestampMs ?? s.timestampMs, s.timestampMs);
    const add = (v: number | undefined) => (v ?? 0) + s.value;
    switch (s.name) {
      case "apiserver_watch_cache_consistent_read_total": {
        const fallback = s.labels["fallback"] as Fallback;
        if (FALLBACKS.includes(fallback)) consistentReads[fallback] += s.value;
        break;
      }
      case "apiserver_watch_cache_read_wait_seconds_count":
        count = add(count);
        break;
      case "apiserver_watch_cache_read_wait_seconds_sum":
        sum += s.value;
        break;
      case "apiserver_watch_cache_read_wait_seconds_bucket":
        if (Number(s.labels["le"]) === WALL_LE) withinWall += s.value;
        break;
      case "apiserver_watch_cache_events_received_total":
        eventsReceived = add(eventsReceived);
        break;
      case "watch_cache_capacity":
        capacity = add(capacity);
        break;
      case "apiserver_watch_cache_resource_version":
        resourceVersion = s.value;
        break;
    }
  }
  return {
    found: KNOWN_SERIES.filter((k) => found.has(k)),
    ignored,
    badLines,
    consistentReads,
    ...(count === undefined ? {} : { readWait: { count, sum, withinWall } }),
    ...(eventsReceived === undefined ? {} : { eventsReceived }),
    ...(capacity === undefined ? {} : { capacity }),
    ...(resourceVersion === undefined ? {} : { resourceVersion }),
    ...(timestampMs === undefined ? {} : { timestampMs }),
    labels133,
    impossible,
  };
}

const labelText = (labels: Readonly<Record<string, string>>): string => {
  const pairs = Object.entries(labels).filter(([key]) => key === "le" || key === "fallback");
  return pairs.length === 0 ? "" : `{${pairs.map(([k, v]) => `${k}="${v}"`).join(",")}}`;
};
