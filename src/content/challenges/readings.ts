import type { Nanos, Outcome, ReadKind, SimSnapshot } from "../../model/index.ts";
import { NS_PER_S } from "../../model/index.ts";
import { count, finished } from "../observables.ts";

// Readings the challenges' checks are written in, beside the presets' (content/observables.ts)
// and the tour's (content/tour/readings.ts).

const kindsOf = (snapshot: SimSnapshot) => Object.keys(snapshot.outcomes) as ReadKind[];

/** Reads of every kind that have left the apiserver so far. */
export const allFinished = (snapshot: SimSnapshot): number =>
  kindsOf(snapshot).reduce((sum, kind) => sum + finished(snapshot, kind), 0);

/** Reads of every kind that ended in `outcome`. */
export const allWith = (snapshot: SimSnapshot, outcome: Outcome): number =>
  kindsOf(snapshot).reduce((sum, kind) => sum + count(snapshot, kind, outcome), 0);

/** The outcomes a read gets only after it waited on the cache. */
const AFTER_A_WAIT: readonly Outcome[] = ["cacheAfterWait", "fallback", "429", "504"];

/** Reads that really waited: finished after a wait, or parked now. */
export const readsThatWaited = (snapshot: SimSnapshot): number =>
  AFTER_A_WAIT.reduce((sum, outcome) => sum + allWith(snapshot, outcome), 0) + snapshot.waiterCount;

/** Observations of read_wait_seconds above `boundS` (one of the histogram's bounds). */
export function waitsOver(snapshot: SimSnapshot, boundS: number): number {
  const { bounds, cumulative, count: observed } = snapshot.readWait;
  const at = bounds.indexOf(boundS);
  if (at < 0) throw new Error(`read_wait_seconds has no bound ${boundS}`);
  return observed - (cumulative[at] ?? 0);
}

/** The run has reached `seconds` of simulated time. */
export const reached = (snapshot: SimSnapshot, seconds: number): boolean =>
  snapshot.nowNs >= seconds * NS_PER_S;

/** "at 12.5 s": the run's clock, as a verdict quotes it. */
export const atClock = (nowNs: Nanos): string => `at ${(nowNs / NS_PER_S).toFixed(1)} s`;
