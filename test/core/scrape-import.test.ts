import { describe, expect, it } from "vitest";
import { type Findings, findingsOf } from "../../src/scrape/findings.ts";
import { runScrapes, type TrialScrapes, WALL_SHARE_TOLERANCE } from "../../src/scrape/fit-wall.ts";
import { parsePrometheusText } from "../../src/scrape/prometheus-text.ts";
import { checked, fitProposal, matchOf, propose } from "../../src/scrape/propose.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { runTrial } from "../../src/worker/trial-run.ts";

// The loop: the lab's own Prometheus text, taken at two moments of a run with known settings, read
// back into settings within stated tolerances, and a run of those settings whose series are within
// a stated distance of the originals.

/** Rates come back within 10 %; a reproduced rate within 15 %, a share within 0.05. */
const RATE_TOLERANCE = 0.1;
const RUN_RATE_DISTANCE = 0.15;
const RUN_SHARE_DISTANCE = 0.05;

/** The trial runs the page asks of the worker, run here in one go. */
const trial: TrialScrapes = async (query, atS) =>
  runTrial(createSimulation, query, atS).map(({ text }) => text);

function labScrapes(query: string): Promise<[string, string, number]> {
  return runScrapes(trial, query, 30);
}

function findings(texts: string[], seconds?: number): Findings {
  const result = findingsOf(texts, seconds);
  if (!result.ok) throw new Error(result.message);
  return result.findings;
}

const keyOf = (query: string, key: string) => new URLSearchParams(query).get(key);

describe("a lab-made scrape comes back to its settings", () => {
  it.each([
    { query: "writes=50&reads=40&mix=consistent:1&lag=20", behind: false },
    { query: "writes=80&reads=30&mix=consistent:1&lag=4000", behind: true },
  ])("$query", async ({ query, behind }) => {
    const [a, b, seconds] = await labScrapes(query);
    const f = findings([a, b], seconds);
    expect(f.found).toEqual([
      "apiserver_watch_cache_read_wait_seconds",
      "apiserver_watch_cache_consistent_read_total",
      "apiserver_watch_cache_events_received_total",
      "watch_cache_capacity",
      "apiserver_watch_cache_resource_version",
    ]);
    expect(f.ignored).toBeGreaterThan(0);
    expect(f.wallShare).toBeCloseTo(behind ? 1 : 0, 1);
    const proposal = propose(f);
    const settings = new URLSearchParams(query);
    for (const key of ["writes", "reads"]) {
      const want = Number(settings.get(key));
      expect(Math.abs(Number(keyOf(proposal.query, key)) - want) / want).toBeLessThan(
        RATE_TOLERANCE,
      );
    }
    const lag = Number(keyOf(proposal.query, "lag"));
    if (behind) expect(lag).toBeGreaterThan(3000);
    else expect(lag).toBeLessThan(100);
    const rows = await matchOf(f, proposal.query, trial);
    expect(rows.map((r) => r.series)).toContain("events received");
    for (const row of rows) {
      const limit = row.unit === "share" ? RUN_SHARE_DISTANCE : RUN_RATE_DISTANCE;
      expect(row.distance, row.series).toBeLessThanOrEqual(limit);
    }
  });
});

describe("a lab-made scrape with a partial wall share comes back to its settings", () => {
  // A fitted lag within 300 ms and jitter within 25 % of the run's; the fitted run's wall share
  // within WALL_SHARE_TOLERANCE (0.05) of the scrape's, and every other series as above.
  const LAG_TOLERANCE_MS = 300;
  const JITTER_TOLERANCE = 0.25;
  it.each([
    "writes=50&reads=40&mix=consistent:1&lag=2450&jitter=200",
    "writes=50&reads=40&mix=consistent:1&lag=1800&jitter=400",
  ])("$0", async (query) => {
    const [a, b, seconds] = await labScrapes(query);
    const f = findings([a, b], seconds);
    expect(f.wallShare).toBeGreaterThan(0.3);
    expect(f.wallShare).toBeLessThan(0.8);
    let runs = 0;
    const proposal = await fitProposal(f, propose(f), trial, (n) => {
      runs = n;
    });
    expect(runs).toBeGreaterThan(0);
    const settings = new URLSearchParams(query);
    const lag = Number(keyOf(proposal.query, "lag"));
    const jitter = Number(keyOf(proposal.query, "jitter"));
    expect(Math.abs(lag - Number(settings.get("lag")))).toBeLessThanOrEqual(LAG_TOLERANCE_MS);
    const wantJitter = Number(settings.get("jitter"));
    expect(Math.abs(jitter - wantJitter) / wantJitter).toBeLessThanOrEqual(JITTER_TOLERANCE);
    expect(proposal.reasons.at(-1)).toMatch(/fitted in \d+ runs.*\(within 5 points\)/);
    for (const row of await matchOf(f, proposal.query, trial)) {
      const limit = row.unit === "share" ? WALL_SHARE_TOLERANCE : RUN_RATE_DISTANCE;
      expect(row.distance, row.series).toBeLessThanOrEqual(limit);
    }
  });

  it("no longer rounds a share between 1 % and 99 % to all or nothing", async () => {
    const [a, b, seconds] = await labScrapes(
      "writes=50&reads=40&mix=consistent:1&lag=2450&jitter=200",
    );
    const guess = propose(findings([a, b], seconds));
    expect(keyOf(guess.query, "lag")).not.toBe("4000");
    expect(keyOf(guess.query, "jitter")).not.toBeNull();
  });
});

describe("reading scrapes", () => {
  it("accepts 1.33's labels and proposes k8s=1.33", async () => {
    const to133 = (text: string) =>
      text
        .split("\n")
        .map((line) =>
          line.startsWith("apiserver_watch_cache_consistent_read_total")
            ? line.replace('group="",resource="pods"', 'resource="/pods"')
            : line.startsWith("apiserver_watch_cache_read_wait_seconds")
              ? line.replace('group="",', "")
              : line,
        )
        .join("\n");
    const [a, b, seconds] = await labScrapes("k8s=1.33&writes=50&reads=40&mix=consistent:1");
    expect(to133(b)).toContain('resource="/pods"');
    const f = findings([to133(a), to133(b)], seconds);
    expect(f.labels133).toBe(true);
    expect(f.consistentPerS?.false).toBeGreaterThan(30);
    expect(f.meanWaitS).toBeGreaterThan(0);
    expect(propose(f).query).toContain("k8s=1.33");
  });

  it("gives a clear message, not a guess, for a scrape with none of the series", () => {
    const text =
      "# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 12.5\n" +
      'apiserver_request_total{verb="LIST",code="200"} 7\n';
    const result = findingsOf([text]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain("none of the series the lab reads");
      expect(result.message).toContain("2 other sample lines ignored");
    }
  });

  it("with one scrape gives ratios only", async () => {
    const [, b] = await labScrapes("writes=50&reads=40&mix=consistent:1&lag=4000");
    const f = findings([b]);
    expect(f.interval).toBeUndefined();
    expect(f.consistentPerS).toBeUndefined();
    expect(f.eventsPerS).toBeUndefined();
    expect(f.wallShare).toBeGreaterThan(0.9);
    expect(propose(f).reasons.join(" ")).toContain("one scrape gives no rates");
  });

  it("takes the interval from sample timestamps, and refuses two scrapes without either", async () => {
    const stamp = (text: string, ms: number) =>
      text
        .split("\n")
        .map((l) => (l === "" || l.startsWith("#") ? l : `${l} ${ms}`))
        .join("\n");
    const [a, b] = await labScrapes("writes=50&reads=40&mix=consistent:1");
    const f = findings([stamp(a, 1_700_000_000_000), stamp(b, 1_700_000_030_000)]);
    expect(f.interval).toEqual({ seconds: 30, from: "timestamps" });
    expect(f.eventsPerS).toBeGreaterThan(45);
    const none = findingsOf([a, b]);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.message).toContain("give the seconds between them");
    const reversed = findingsOf([b, a], 30);
    expect(reversed.ok).toBe(false);
  });

  it("parses labels with escapes, special values, and names unreadable lines", () => {
    const parsed = parsePrometheusText('a{x="q\\"u",le="+Inf"} +Inf 5\nb 1e3\nnot a sample\n# c\n');
    expect(parsed.samples).toEqual([
      {
        name: "a",
        labels: { x: 'q"u', le: "+Inf" },
        value: Number.POSITIVE_INFINITY,
        timestampMs: 5,
      },
      { name: "b", labels: {}, value: 1000 },
    ]);
    expect(parsed.badLines).toEqual([3]);
  });
});

describe("scrapes that cannot be read as given", () => {
  const scrape = (reads: string, events: string, bucket = "40") =>
    `apiserver_watch_cache_consistent_read_total{fallback="false",group="",resource="pods",success="true"} ${reads}\n` +
    `apiserver_watch_cache_events_received_total{group="",resource="pods"} ${events}\n` +
    `apiserver_watch_cache_read_wait_seconds_bucket{group="",resource="pods",le="3"} ${bucket}\n` +
    'apiserver_watch_cache_read_wait_seconds_sum{group="",resource="pods"} 1.5\n' +
    'apiserver_watch_cache_read_wait_seconds_count{group="",resource="pods"} 40\n';
  const messageOf = (texts: string[], seconds?: number) => {
    const result = findingsOf(texts, seconds);
    return result.ok ? "(read)" : result.message;
  };

  it("names a negative counter in one scrape, not 'a counter went down between the scrapes'", () => {
    expect(messageOf([scrape("-5", "500")])).toBe(
      'This scrape has a value no counter or gauge of the watch cache can take: apiserver_watch_cache_consistent_read_total{fallback="false"} = -5. Each is a finite number, 0 or more. Nothing is proposed from it.',
    );
    // The same scrape without the bad value is read: nothing else in it was lost.
    expect(findings([scrape("5", "500")]).consistentReads.false).toBe(5);
  });

  it("refuses a NaN bucket instead of showing 'NaN %'", () => {
    expect(messageOf([scrape("100", "500"), scrape("160", "800", "NaN")], 30)).toBe(
      'The second scrape has a value no counter or gauge of the watch cache can take: apiserver_watch_cache_read_wait_seconds_bucket{le="3"} = NaN. Each is a finite number, 0 or more. Nothing is proposed from it.',
    );
  });

  it("refuses the same scrape pasted twice: no rate to read", () => {
    expect(messageOf([scrape("100", "500"), scrape("100", "500")], 30)).toBe(
      "No counter moved between the two scrapes (the same scrape pasted twice?): there is no rate to read. Paste a later scrape, or one scrape alone for ratios.",
    );
  });

  it("refuses 1e9 seconds between scrapes that would make every rate 0", () => {
    expect(messageOf([scrape("100", "500"), scrape("160", "800")], 1e9)).toBe(
      "Over 1,000,000,000 s between the scrapes, the counters moved by at most 300: under 0.05 per second, which a scenario writes as 0. Check the seconds between the scrapes (or their timestamps).",
    );
    // Over 30 s the same scrapes give their rates.
    expect(findings([scrape("100", "500"), scrape("160", "800")], 30).eventsPerS).toBe(10);
  });
});

describe("a scrape taken with the skip gate on", () => {
  const GATED =
    "writes=50&reads=200&mix=consistent:1&lag=4000&gates=ConsistentListFromCacheSkipTimeoutFallback=true";

  it("fits the reads behind the 429 retries: a true 200/s comes back as 200/s, not the attempts", async () => {
    const [a, b, seconds] = await labScrapes(GATED);
    const f = findings([a, b], seconds);
    const attempts = f.consistentPerS?.skipped ?? 0;
    expect(attempts).toBeGreaterThan(400);
    const proposal = await fitProposal(f, propose(f), trial);
    const reads = Number(keyOf(proposal.query, "reads"));
    expect(Math.abs(reads - 200) / 200).toBeLessThan(RATE_TOLERANCE);
    expect(proposal.reasons.join(" ")).toMatch(
      /reads=[\d.]+\/s, all consistent: fitted in \d+ runs/,
    );
    const rows = await matchOf(f, proposal.query, trial);
    expect(checked(proposal, rows)).toEqual(proposal);
  });
});

describe("a scrape with the skip gate on and a partial wall share (the issue's 200/s)", () => {
  it("proposes the true reads, not the 418/s counted with retries, and the check agrees", async () => {
    const [a, b, seconds] = await labScrapes(
      "writes=50&reads=200&mix=consistent:1&lag=2450&jitter=200&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    );
    const f = findings([a, b], seconds);
    const c = f.consistentPerS;
    expect((c?.false ?? 0) + (c?.skipped ?? 0)).toBeGreaterThan(400);
    expect(f.wallShare).toBeGreaterThan(0.3);
    expect(f.wallShare).toBeLessThan(0.8);
    const proposal = await fitProposal(f, propose(f), trial);
    expect(Math.abs(Number(keyOf(proposal.query, "reads")) - 200) / 200).toBeLessThan(
      RATE_TOLERANCE,
    );
    const rows = await matchOf(f, proposal.query, trial);
    expect(checked(proposal, rows)).toEqual(proposal);
  });
});

describe("a fit its check run contradicts", () => {
  it("is not called good: 'within 5 points' holds of the fitting run only, and the check says so", () => {
    const proposal = {
      query: "reads=419&lag=2400&jitter=300",
      base: "reads=419",
      reasons: [
        "reads=419/s, all consistent: the consistent reads counted per second.",
        "lag=2400 ms, jitter=300 ms: fitted in 3 runs, a run hits the wall for 50.0 % of reads, the scrape 52.0 % (within 5 points).",
      ],
    };
    const rows = [
      {
        series: 'consistent reads, fallback="skipped"',
        scrape: 219,
        run: 390,
        distance: 0.44,
        unit: "/s" as const,
      },
      {
        series: "share of consistent reads that hit the wall",
        scrape: 0.52,
        run: 0.5,
        distance: 0.02,
        unit: "share" as const,
      },
    ];
    expect(checked(proposal, rows).reasons).toEqual([
      "reads=419/s, all consistent: the consistent reads counted per second.",
      "lag=2400 ms, jitter=300 ms: fitted in 3 runs, a run hits the wall for 50.0 % of reads, the scrape 52.0 % (within 5 points in the fitting run only).",
      'Not a good fit: the check run is off for consistent reads, fallback="skipped" by 44.0 % (more than 5 points for a share, 10 % for a rate). Treat this scenario as a first guess.',
    ]);
    expect(checked(proposal, rows.slice(1))).toEqual(proposal);
  });

  it("judges a rate by fallback by its share of all consistent reads, the total as a rate", () => {
    const proposal = { query: "reads=199", base: "reads=199", reasons: ["reads=199/s."] };
    const row = (series: string, scrape: number, run: number) => ({
      series,
      scrape,
      run,
      distance: Math.abs(scrape - run) / Math.max(scrape, run),
      unit: "/s" as const,
    });
    // 6/s of 944 served from the cache against none: 0.6 points, not "100 % off".
    const close = [
      row("consistent reads, every fallback", 944, 949),
      row('consistent reads, fallback="false"', 6, 0),
      row('consistent reads, fallback="skipped"', 938, 949),
    ];
    expect(checked(proposal, close)).toEqual(proposal);
    // 419/s counted against 750/s: the total is off, whatever the shares.
    const far = [row("consistent reads, every fallback", 419, 750), ...close.slice(1)];
    expect(checked(proposal, far).reasons.at(-1)).toMatch(
      /^Not a good fit: the check run is off for consistent reads, every fallback by 44\.1 %/,
    );
  });
});
