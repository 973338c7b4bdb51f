import type { Outcome, ReadKind, SimSnapshot } from "../model/index.ts";

// Small readings of a snapshot that the presets' observables are written in. Shared by the page
// (which shows whether a preset's observable has been seen), the node tests and the browser tests.

/** Requests of `kind` that have left the apiserver so far, whatever their outcome. */
export function finished(snapshot: SimSnapshot, kind: ReadKind): number {
  return Object.values(snapshot.outcomes[kind]).reduce((sum, count) => sum + count, 0);
}

export function count(snapshot: SimSnapshot, kind: ReadKind, outcome: Outcome): number {
  return snapshot.outcomes[kind][outcome];
}

/** The share of `kind`'s finished requests that ended in one of `outcomes`; 0 when none finished. */
export function shareOf(
  snapshot: SimSnapshot,
  kind: ReadKind,
  outcomes: readonly Outcome[],
): number {
  const total = finished(snapshot, kind);
  if (total === 0) return 0;
  return outcomes.reduce((sum, outcome) => sum + count(snapshot, kind, outcome), 0) / total;
}

const SERVED_BY_CACHE: readonly Outcome[] = ["cache", "cacheAfterWait"];

export const servedByCacheShare = (snapshot: SimSnapshot, kind: ReadKind): number =>
  shareOf(snapshot, kind, SERVED_BY_CACHE);

/** Fallbacks of every kind: each one is a LIST that etcd paid for because the cache was late. */
export function fallbacks(snapshot: SimSnapshot): number {
  const kinds = Object.keys(snapshot.outcomes) as ReadKind[];
  return kinds.reduce((sum, kind) => sum + count(snapshot, kind, "fallback"), 0);
}

export const maxOf = (series: Float64Array): number =>
  series.reduce((max, value) => Math.max(max, value), 0);
