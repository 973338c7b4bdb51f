import { counted } from "../content/counted.ts";
import { type Findings, findingsOf } from "./findings.ts";
import { ATTEMPTS_TOLERANCE, fitReads } from "./fit-reads.ts";
import {
  fitWallShare,
  isPartial,
  runScrapes,
  type TrialScrapes,
  tailGuess,
  WALL_SHARE_TOLERANCE,
} from "./fit-wall.ts";

// A scenario that reproduces a scrape's findings, by stated rules (docs/embed-export-access.md,
// "Start from your cluster's scrape"), and how closely a run of it matches each series.

export interface Proposal {
  /** The scenario as a link fragment (`writes=…&reads=…`). */
  readonly query: string;
  /** Why each key has its value, in words. */
  readonly reasons: readonly string[];
  /** The query without its lag and jitter: what a fit of the wall share varies them on. */
  readonly base: string;
}

/** A wall share at or above this: the cache is behind the wall for (nearly) every read. */
const BEHIND_SHARE = 0.99;
/** The lag, ms, proposed for a cache behind the wall: past the 3 s wall with room to spare. */
const BEHIND_LAG_MS = 4000;
/** The scenario's default jitter, ms: part of a short wait that the lag does not account for. */
const DEFAULT_JITTER_MS = 10;

const round1 = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The retries a lab client makes per request before it keeps its last error (docs/scenarios.md). */
const MAX_RETRIES = 10;

/**
 * Reads per second behind `attempts` counted per second of which `skipped` were refused with 429:
 * each refused attempt is retried, up to MAX_RETRIES times, so with a refusal share p a read makes
 * (1 − p^(MAX_RETRIES+1)) / (1 − p) attempts on average.
 */
export function readsBehindAttempts(attempts: number, skipped: number): number {
  if (attempts <= 0) return 0;
  const p = skipped / attempts;
  const perRead = p >= 1 ? MAX_RETRIES + 1 : (1 - p ** (MAX_RETRIES + 1)) / (1 - p);
  return attempts / perRead;
}

export function propose(f: Findings): Proposal {
  const parts: string[] = [];
  const reasons: string[] = [];
  if (f.labels133) {
    parts.push("k8s=1.33");
    reasons.push("k8s=1.33: the scrape uses 1.33's labels.");
  }
  if (f.consistentReads.skipped > 0) {
    parts.push("gates=ConsistentListFromCacheSkipTimeoutFallback=true");
    reasons.push('The skip-fallback gate is on: reads with fallback="skipped" were counted.');
  }
  if (f.eventsPerS !== undefined) {
    const writes = clamp(round1(f.eventsPerS), 0, 20000);
    parts.push(`writes=${writes}`);
    reasons.push(`writes=${writes}/s: every pod write reaches the cache as one event received.`);
  } else {
    reasons.push("writes: the lab's default (one scrape gives no rates).");
  }
  parts.push("mix=consistent:1");
  if (f.consistentPerS !== undefined) {
    const c = f.consistentPerS;
    const attempts = c.false + c.true + c.skipped;
    const reads = clamp(round1(readsBehindAttempts(attempts, c.skipped)), 0, 20000);
    parts.push(`reads=${reads}`);
    reasons.push(
      c.skipped > 0
        ? `reads=${reads}/s, all consistent: of the ${round1(attempts)} counted per second, ` +
            `the ${round1(c.skipped)} refused with 429 come back as retries (Retry-After obeyed, ` +
            `at most ${MAX_RETRIES} per read), and the lab's clients retry too: these are the reads behind them.`
        : `reads=${reads}/s, all consistent: the consistent reads counted per second.`,
    );
  } else {
    reasons.push("reads: the lab's default, all consistent (one scrape gives no rates).");
  }
  const base = parts.join("&");
  const share = f.wallShare ?? f.overWallWaitShare;
  if (isPartial(share)) {
    const guess = tailGuess(share, f.meanWaitS, f.eventsPerS ?? 50);
    parts.push(`lag=${guess.lagMs}`, `jitter=${guess.jitterMs}`);
    reasons.push(
      `lag=${guess.lagMs} ms, jitter=${guess.jitterMs} ms: ${percent(share)} of reads hit the wall, ` +
        "a share only a spread of waits gives: a first guess from the share and the mean wait " +
        "(the wait of a read is the lag plus the latest event's jitter), then fitted by runs.",
    );
  } else if (share !== undefined && share >= BEHIND_SHARE) {
    parts.push(`lag=${BEHIND_LAG_MS}`);
    reasons.push(
      `lag=${BEHIND_LAG_MS} ms: ${percent(share)} of reads hit the wall, so the cache is kept more than 3 s behind.`,
    );
  } else if (f.meanWaitS !== undefined) {
    const lag = clamp(Math.round(f.meanWaitS * 1000 - DEFAULT_JITTER_MS), 0, 60000);
    parts.push(`lag=${lag}`);
    reasons.push(
      `lag=${lag} ms: the mean read wait (${Math.round(f.meanWaitS * 1000)} ms) less the default jitter; ` +
        `${percent(share ?? 0)} hitting the wall is taken as none.`,
    );
  } else {
    reasons.push("lag: the lab's default (no read-wait histogram in the scrape).");
  }
  return { query: parts.join("&"), reasons, base };
}

/**
 * The proposal with a partial wall share fitted by runs (src/scrape/fit-wall.ts): the lag searched
 * until a run hits the wall for the scrape's share within WALL_SHARE_TOLERANCE. The runs are
 * `trial`'s (the worker's, on the page); `onRun` is told each run done.
 */
export async function fitProposal(
  f: Findings,
  proposal: Proposal,
  trial: TrialScrapes,
  onRun?: (runs: number) => void,
): Promise<Proposal> {
  let runs = 0;
  const countRun = () => onRun?.(++runs);
  const walled = await fitLag(f, proposal, trial, countRun);
  const c = f.consistentPerS;
  if (c === undefined || c.skipped === 0) return walled;
  const scrapeAttempts = c.false + c.true + c.skipped;
  const seconds = f.interval?.seconds ?? 30;
  const fit = await fitReads(walled.query, scrapeAttempts, seconds, trial, countRun);
  const within =
    Math.abs(fit.runAttemptsPerS - scrapeAttempts) <= ATTEMPTS_TOLERANCE * scrapeAttempts;
  const reason =
    `reads=${fit.reads}/s, all consistent: fitted in ${counted(fit.runs, "run")} so that a run counts ` +
    `${round1(fit.runAttemptsPerS)} consistent reads per second, the scrape ${round1(scrapeAttempts)}: ` +
    `the count includes every retry of a read refused with 429, and the lab's clients retry too ` +
    (within
      ? `(within ${ATTEMPTS_TOLERANCE * 100} %).`
      : `(the closest found; not within ${ATTEMPTS_TOLERANCE * 100} %).`);
  const swap = (text: string) => text.replace(/(^|&)reads=[^&]*/, `$1reads=${fit.reads}`);
  return {
    query: swap(walled.query),
    reasons: walled.reasons.map((r) => (r.startsWith("reads=") ? reason : r)),
    base: swap(walled.base),
  };
}

/** The proposal with a partial wall share's lag fitted by runs (src/scrape/fit-wall.ts). */
async function fitLag(
  f: Findings,
  proposal: Proposal,
  trial: TrialScrapes,
  onRun: () => void,
): Promise<Proposal> {
  const fit = await fitWallShare(f, proposal.base, trial, onRun);
  if (fit === null || f.wallShare === undefined) return proposal;
  const within = Math.abs(fit.runShare - f.wallShare) <= WALL_SHARE_TOLERANCE;
  const reason =
    `lag=${fit.lagMs} ms, jitter=${fit.jitterMs} ms: fitted in ${counted(fit.runs, "run")}, a run hits the ` +
    `wall for ${percent(fit.runShare)} of reads, the scrape ${percent(f.wallShare)} ` +
    (within
      ? `(within ${WALL_SHARE_TOLERANCE * 100} points).`
      : `(the closest found; not within ${WALL_SHARE_TOLERANCE * 100} points).`);
  return {
    query: `${proposal.base}&lag=${fit.lagMs}&jitter=${fit.jitterMs}`,
    reasons: [...proposal.reasons.filter((r) => !r.startsWith("lag=")), reason],
    base: proposal.base,
  };
}

/** A rate or a mean of the check run further than this (relative) from the scrape's is off. */
export const CHECK_RATE_TOLERANCE = 0.1;

const ALL_CONSISTENT = "consistent reads, every fallback";
const BY_FALLBACK = "consistent reads, fallback=";

/**
 * Whether a row of the check is off. A rate by fallback is judged by its share of all consistent
 * reads (6/s of 944 against none is 0.6 points, not "100 % off"); the total is judged as a rate.
 */
function isOff(row: SeriesMatch, rows: readonly SeriesMatch[]): boolean {
  const total = rows.find((r) => r.series === ALL_CONSISTENT);
  if (row.series.startsWith(BY_FALLBACK) && total !== undefined) {
    const shareOf = (part: number, all: number) => (all > 0 ? part / all : 0);
    const apart = Math.abs(shareOf(row.scrape, total.scrape) - shareOf(row.run, total.run));
    return apart > WALL_SHARE_TOLERANCE;
  }
  return row.distance > (row.unit === "share" ? WALL_SHARE_TOLERANCE : CHECK_RATE_TOLERANCE);
}

/**
 * The proposal as its check run leaves it: where a row of the check is off, a fit is not called
 * good ("within 5 points" was true of the fitting run only), and a last reason says what is off.
 */
export function checked(proposal: Proposal, rows: readonly SeriesMatch[]): Proposal {
  const off = rows.filter((row) => isOff(row, rows));
  if (off.length === 0) return proposal;
  const words = off.map((row) =>
    row.unit === "share"
      ? `${row.series} by ${(row.distance * 100).toFixed(1)} points`
      : `${row.series} by ${percent(row.distance)}`,
  );
  return {
    ...proposal,
    reasons: [
      ...proposal.reasons.map((reason) =>
        reason.replace(
          / \(within (\d+ (?:points|%))\)\.$/,
          " (within $1 in the fitting run only).",
        ),
      ),
      `Not a good fit: the check run is off for ${words.join(", ")} (more than ` +
        `${WALL_SHARE_TOLERANCE * 100} points for a share, ${CHECK_RATE_TOLERANCE * 100} % for a rate). ` +
        "Treat this scenario as a first guess.",
    ],
  };
}

export const percent = (share: number) =>
  `${(share * 100).toFixed(share > 0 && share < 0.01 ? 2 : 1)} %`;

/** One series compared: the scrape's figure, the proposed run's, and how far apart. */
export interface SeriesMatch {
  readonly series: string;
  readonly scrape: number;
  readonly run: number;
  /** Relative difference for rates and means, absolute for shares. */
  readonly distance: number;
  readonly unit: "/s" | "share" | "s";
}

/** How closely a run of the proposal (`trial`'s) matches the scrape's rates, shares and mean wait. */
export async function matchOf(
  f: Findings,
  query: string,
  trial: TrialScrapes,
): Promise<SeriesMatch[]> {
  return matchScrapes(f, await runScrapes(trial, query, f.interval?.seconds ?? 30));
}

function matchScrapes(f: Findings, [a, b, window]: [string, string, number]): SeriesMatch[] {
  const result = findingsOf([a, b], window);
  if (!result.ok) return [];
  const r = result.findings;
  const rows: SeriesMatch[] = [];
  const rate = (series: string, scrape: number | undefined, run: number | undefined) => {
    if (scrape === undefined || run === undefined) return;
    rows.push({ series, scrape, run, unit: "/s", distance: relative(scrape, run) });
  };
  const all = (c: Findings["consistentPerS"]) =>
    c === undefined ? undefined : c.false + c.true + c.skipped;
  rate(ALL_CONSISTENT, all(f.consistentPerS), all(r.consistentPerS));
  for (const fb of ["false", "true", "skipped"] as const)
    rate(`${BY_FALLBACK}"${fb}"`, f.consistentPerS?.[fb], r.consistentPerS?.[fb]);
  rate("events received", f.eventsPerS, r.eventsPerS);
  const share = (series: string, scrape: number | undefined, run: number | undefined) => {
    if (scrape === undefined || run === undefined) return;
    rows.push({ series, scrape, run, unit: "share", distance: Math.abs(scrape - run) });
  };
  share("share of consistent reads that hit the wall", f.wallShare, r.wallShare);
  share('read waits past le="3"', f.overWallWaitShare, r.overWallWaitShare);
  if (f.meanWaitS !== undefined && r.meanWaitS !== undefined)
    rows.push({
      series: "mean read wait",
      scrape: f.meanWaitS,
      run: r.meanWaitS,
      unit: "s",
      distance: relative(f.meanWaitS, r.meanWaitS),
    });
  return rows;
}

const relative = (a: number, b: number) =>
  a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
