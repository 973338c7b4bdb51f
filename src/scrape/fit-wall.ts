import { type Findings, findingsOf } from "./findings.ts";

// A partial wall share fitted, not rounded to all or nothing. The lab's watch stream delivers
// each event lag + jitter after its write, the jitter exponential with mean J, and never before the
// event ahead of it (src/sim/world/watch-stream.ts). A consistent read waits until every write
// before it has arrived: with writes arriving at w per second, that wait W is lag plus the largest
// late jitter, P(W ≤ x) = exp(−w·J·e^(−(x − lag)/J)): a Gumbel law of location lag + J·ln(w·J) and
// scale J. The share s that hit the 3 s wall fixes its location, μ = 3 − J·g (g the Gumbel
// quantile at 1 − s); the mean wait m (a wait that hit the wall is observed at the wall) fixes
// its scale, J = (3 − m) / E[(g − G)⁺]. That is the first guess. The run is not quite that law
// (writes of other resources, the reflector's own timing), so the lag is then searched by
// bisection against the share a run of the proposal hits, the jitter held: the share grows with
// the lag. The search stops within WALL_SHARE_TOLERANCE of the scrape's share.

/** The fitted run's wall share is within this of the scrape's (absolute, 0 … 1). */
export const WALL_SHARE_TOLERANCE = 0.05;
/** Shares closer than this to 0 or 1 are all or nothing: there is no tail to fit. */
export const PARTIAL_MIN = 0.01;
export const PARTIAL_MAX = 0.99;
/** The wall, s: a consistent read that waits this long is answered by etcd (or 429). */
const WALL_S = 3;
const BISECTION_STEPS = 8;
/** Seconds a run warms up before its first scrape, and the longest window between scrapes. */
const WARM_UP_S = 5;
const MAX_CHECK_S = 60;

/**
 * A run of `query` from 0 s, apart from the live one, scraped at each of `atS` (simulated seconds,
 * ascending): the Prometheus texts, in order. The page runs it in the worker.
 */
export type TrialScrapes = (query: string, atS: readonly number[]) => Promise<string[]>;

export const isPartial = (share: number | undefined): share is number =>
  share !== undefined && share > PARTIAL_MIN && share < PARTIAL_MAX;

/** E[(c − G)⁺] for a standard Gumbel G: the mean shortfall below c, by the midpoint rule. */
function gumbelShortfall(c: number): number {
  let sum = 0;
  const from = -6;
  const step = (c - from) / 2000;
  for (let i = 0; i < 2000; i++) {
    const x = from + (i + 0.5) * step;
    sum += (c - x) * Math.exp(-x - Math.exp(-x)) * step;
  }
  return sum;
}

/**
 * The first guess, in ms, from the share that hit the wall, the mean read wait and the writes per
 * second (the cache's intake): the Gumbel law above solved for its lag and jitter.
 */
export function tailGuess(share: number, meanWaitS: number | undefined, writesPerS: number) {
  const g = -Math.log(-Math.log(1 - share));
  const jitterS =
    meanWaitS === undefined || meanWaitS >= WALL_S
      ? 0.2
      : (WALL_S - meanWaitS) / gumbelShortfall(g);
  const jitterMs = Math.min(20000, Math.max(1, Math.round(jitterS * 1000)));
  const j = jitterMs / 1000;
  const lagS = WALL_S - j * g - j * Math.log(Math.max(1e-3, writesPerS * j));
  return { lagMs: Math.round(Math.min(WALL_S, Math.max(0, lagS)) * 1000), jitterMs };
}

/** Runs `query` and scrapes it twice, `seconds` apart (at most a minute), as the user's scrapes. */
export async function runScrapes(
  trial: TrialScrapes,
  query: string,
  seconds: number,
): Promise<[string, string, number]> {
  const window = Math.min(seconds, MAX_CHECK_S);
  const [first = "", second = ""] = await trial(query, [WARM_UP_S, WARM_UP_S + window]);
  return [first, second, window];
}

export interface WallFit {
  lagMs: number;
  jitterMs: number;
  /** The share a run of the fitted proposal hit, and the runs the search took. */
  runShare: number;
  runs: number;
}

/**
 * Searches the lag (jitter from the first guess) until a run of `base` with them hits the wall
 * for the scrape's share, within WALL_SHARE_TOLERANCE; the closest lag tried when none is.
 */
export async function fitWallShare(
  f: Findings,
  base: string,
  trial: TrialScrapes,
  onRun?: (runs: number) => void,
): Promise<WallFit | null> {
  const share = f.wallShare;
  if (!isPartial(share)) return null;
  const { lagMs: guess, jitterMs } = tailGuess(share, f.meanWaitS, f.eventsPerS ?? 50);
  const seconds = f.interval?.seconds ?? 30;
  let runs = 0;
  const shareAt = async (lagMs: number) => {
    const [a, b, window] = await runScrapes(
      trial,
      `${base}&lag=${lagMs}&jitter=${jitterMs}`,
      seconds,
    );
    runs++;
    onRun?.(runs);
    const result = findingsOf([a, b], window);
    return result.ok ? (result.findings.wallShare ?? 0) : 0;
  };
  let best = { lagMs: guess, runShare: await shareAt(guess) };
  let [low, high] = best.runShare < share ? [guess, WALL_S * 1000] : [0, guess];
  for (let step = 0; step < BISECTION_STEPS; step++) {
    if (Math.abs(best.runShare - share) <= WALL_SHARE_TOLERANCE / 2 || high - low < 10) break;
    const lagMs = Math.round((low + high) / 2);
    const runShare = await shareAt(lagMs);
    if (Math.abs(runShare - share) < Math.abs(best.runShare - share)) best = { lagMs, runShare };
    if (runShare < share) low = lagMs;
    else high = lagMs;
  }
  return { ...best, jitterMs, runs };
}
