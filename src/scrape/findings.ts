import { type Fallback, KNOWN_SERIES, readScrape, type ScrapeReading } from "./read-scrape.ts";

// What one or two scrapes imply. Two give rates over the seconds between them (the user's figure,
// else the samples' timestamps); one gives ratios of the counters since the apiserver started.

export interface Findings {
  readonly found: ScrapeReading["found"];
  readonly ignored: number;
  readonly badLines: readonly number[];
  /** Seconds between the scrapes, and where that figure came from; absent with one scrape. */
  readonly interval?: { readonly seconds: number; readonly from: "you" | "timestamps" };
  /** Consistent reads per second by fallback (two scrapes). */
  readonly consistentPerS?: Readonly<Record<Fallback, number>>;
  /** Consistent reads in the window (or since start) by fallback. */
  readonly consistentReads: Readonly<Record<Fallback, number>>;
  /** Share of consistent reads that hit the wall: fallback "true" or "skipped". */
  readonly wallShare?: number;
  /** The cache's intake, events/s (two scrapes). */
  readonly eventsPerS?: number;
  /** Mean read wait, s, and the share of waits past the wall's bucket (le="3"). */
  readonly meanWaitS?: number;
  readonly overWallWaitShare?: number;
  readonly capacity?: number;
  readonly resourceVersion?: number;
  /** The scrape used 1.33's labels. */
  readonly labels133: boolean;
}

export type FindingsResult =
  | { readonly ok: true; readonly findings: Findings }
  | { readonly ok: false; readonly message: string };

const fail = (message: string): FindingsResult => ({ ok: false, message });

/** The lab's finest rate, /s: a scenario writes rates with one decimal. */
const FINEST_RATE = 0.05;

/** Why rates over `seconds` mean nothing: a counter moved, but by less than the lab can write. */
function vanishingRate(seconds: number, counters: readonly number[]): string | undefined {
  const moved = counters.filter((c) => c > 0);
  if (moved.length === 0 || moved.some((c) => c / seconds >= FINEST_RATE)) return undefined;
  const most = Math.max(...moved);
  return (
    `Over ${seconds.toLocaleString("en-US")} s between the scrapes, the counters moved by at most ` +
    `${most.toLocaleString("en-US")}: under ${FINEST_RATE} per second, which a scenario writes as 0. ` +
    "Check the seconds between the scrapes (or their timestamps)."
  );
}

/** Reads `texts` (one or two scrapes, earlier first); `seconds` between them when known. */
export function findingsOf(texts: readonly string[], seconds?: number): FindingsResult {
  const given = texts.filter((t) => t.trim() !== "");
  if (given.length === 0) return fail("Paste a scrape: the text of a kube-apiserver's /metrics.");
  if (given.length > 2) return fail("At most two scrapes: an earlier one and a later one.");
  const readings = given.map(readScrape);
  for (const [i, r] of readings.entries()) {
    const which =
      readings.length === 2 ? (i === 0 ? "The first scrape" : "The second scrape") : "This scrape";
    const [firstBad, ...moreBad] = r.impossible;
    if (firstBad !== undefined) {
      const more = moreBad.length === 0 ? "" : ` (and ${moreBad.length} more)`;
      return fail(
        `${which} has a value no counter or gauge of the watch cache can take: ${firstBad}${more}. ` +
          "Each is a finite number, 0 or more. Nothing is proposed from it.",
      );
    }
    if (r.found.length === 0) {
      return fail(
        `${which} has none of the series the lab reads (${KNOWN_SERIES.join(", ")}) for resource pods; ` +
          `${r.ignored} other sample line${r.ignored === 1 ? "" : "s"} ignored. Nothing is proposed from it.`,
      );
    }
  }
  const last = readings[readings.length - 1] as ScrapeReading;
  const first = readings.length === 2 ? (readings[0] as ScrapeReading) : undefined;
  let interval: Findings["interval"];
  if (first !== undefined) {
    if (seconds !== undefined) {
      if (!(seconds > 0)) return fail("The seconds between the scrapes must be a number above 0.");
      interval = { seconds, from: "you" };
    } else if (first.timestampMs !== undefined && last.timestampMs !== undefined) {
      const s = (last.timestampMs - first.timestampMs) / 1000;
      if (!(s > 0))
        return fail(
          "The second scrape's timestamps are not later than the first's: swap them or give the seconds between them.",
        );
      interval = { seconds: s, from: "timestamps" };
    } else {
      return fail("Two scrapes without timestamps: give the seconds between them to get rates.");
    }
  }
  const delta = (a: number | undefined, b: number | undefined) =>
    b === undefined ? undefined : first === undefined ? b : a === undefined ? undefined : b - a;
  const consistentReads = {
    false: delta(first?.consistentReads.false, last.consistentReads.false) ?? 0,
    true: delta(first?.consistentReads.true, last.consistentReads.true) ?? 0,
    skipped: delta(first?.consistentReads.skipped, last.consistentReads.skipped) ?? 0,
  };
  const count = delta(first?.readWait?.count, last.readWait?.count);
  const events = delta(first?.eventsReceived, last.eventsReceived);
  const counters = [
    consistentReads.false,
    consistentReads.true,
    consistentReads.skipped,
    count ?? 0,
    events ?? 0,
  ];
  if (counters.some((c) => c < 0))
    return fail(
      "A counter went down between the scrapes (the apiserver restarted, or they are in the wrong order): paste two scrapes of one apiserver process, earlier first.",
    );
  if (first !== undefined && counters.every((c) => c === 0)) {
    return fail(
      "No counter moved between the two scrapes (the same scrape pasted twice?): there is no rate to read. Paste a later scrape, or one scrape alone for ratios.",
    );
  }
  const total = consistentReads.false + consistentReads.true + consistentReads.skipped;
  const tooSlow = interval === undefined ? undefined : vanishingRate(interval.seconds, counters);
  if (tooSlow !== undefined) return fail(tooSlow);
  const sum = delta(first?.readWait?.sum, last.readWait?.sum);
  const within = delta(first?.readWait?.withinWall, last.readWait?.withinWall);
  const perS = (v: number) => (interval === undefined ? undefined : v / interval.seconds);
  const findings: Findings = {
    found: last.found,
    ignored: last.ignored,
    badLines: readings.flatMap((r) => r.badLines),
    consistentReads,
    labels133: readings.some((r) => r.labels133),
    ...(interval === undefined ? {} : { interval }),
    ...(interval === undefined
      ? {}
      : {
          consistentPerS: {
            false: perS(consistentReads.false) ?? 0,
            true: perS(consistentReads.true) ?? 0,
            skipped: perS(consistentReads.skipped) ?? 0,
          },
        }),
    ...(total > 0 ? { wallShare: (consistentReads.true + consistentReads.skipped) / total } : {}),
    ...(events === undefined || interval === undefined
      ? {}
      : { eventsPerS: events / interval.seconds }),
    ...(count !== undefined && count > 0 && sum !== undefined ? { meanWaitS: sum / count } : {}),
    ...(count !== undefined && count > 0 && within !== undefined
      ? { overWallWaitShare: (count - within) / count }
      : {}),
    ...(last.capacity === undefined ? {} : { capacity: last.capacity }),
    ...(last.resourceVersion === undefined ? {} : { resourceVersion: last.resourceVersion }),
  };
  return { ok: true, findings };
}
