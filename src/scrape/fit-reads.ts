import { findingsOf } from "./findings.ts";
import { runScrapes, type TrialScrapes } from "./fit-wall.ts";

// Under the skip gate a read refused with 429 comes back (Retry-After obeyed, up to 10 times), and
// consistent_read_total counts every attempt: a true 200 reads/s behind a stall counted 419/s. How
// many attempts a read makes depends on how long the stall has lasted, so no closed form fits a
// run that starts from 0: the reads are scaled by runs until a run counts the scrape's attempts.

/** The fitted run's attempts per second are within this (relative) of the scrape's. */
export const ATTEMPTS_TOLERANCE = 0.05;
const MAX_RUNS = 5;
const MAX_READS = 20000;

export interface ReadsFit {
  readonly reads: number;
  /** Consistent reads counted per second (every attempt) by the run with `reads`, and the scrape. */
  readonly runAttemptsPerS: number;
  readonly scrapeAttemptsPerS: number;
  readonly runs: number;
}

const totalOf = (c: { false: number; true: number; skipped: number }) =>
  c.false + c.true + c.skipped;

/** `query` with its `reads` set to what makes a run count `scrapeAttemptsPerS` attempts. */
export async function fitReads(
  query: string,
  scrapeAttemptsPerS: number,
  seconds: number,
  trial: TrialScrapes,
  onRun?: () => void,
): Promise<ReadsFit> {
  const withReads = (reads: number) => {
    const params = new URLSearchParams(query);
    params.set("reads", String(reads));
    return decodeURIComponent(params.toString());
  };
  let reads = Number(new URLSearchParams(query).get("reads") ?? "0");
  let best: ReadsFit | null = null;
  for (let run = 1; run <= MAX_RUNS && reads > 0; run++) {
    const [a, b, window] = await runScrapes(trial, withReads(reads), seconds);
    onRun?.();
    const found = findingsOf([a, b], window);
    const attempts = found.ok
      ? totalOf(found.findings.consistentPerS ?? found.findings.consistentReads)
      : 0;
    const fit = { reads, runAttemptsPerS: attempts, scrapeAttemptsPerS, runs: run };
    const miss = (f: ReadsFit) => Math.abs(f.runAttemptsPerS - scrapeAttemptsPerS);
    if (best === null || miss(fit) < miss(best)) best = fit;
    if (attempts <= 0 || miss(fit) <= ATTEMPTS_TOLERANCE * scrapeAttemptsPerS) break;
    // Attempts grow about in proportion to the reads at a given lag.
    reads = Math.min(MAX_READS, Math.round(((reads * scrapeAttemptsPerS) / attempts) * 10) / 10);
  }
  return {
    ...(best ?? { reads, runAttemptsPerS: 0, scrapeAttemptsPerS, runs: 0 }),
    runs: best?.runs ?? 0,
  };
}
