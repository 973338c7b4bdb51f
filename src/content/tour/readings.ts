import type { MarkKind, Outcome, ReadKind, SimSnapshot } from "../../model/index.ts";
import { NS_PER_S } from "../../model/index.ts";

// Readings of a snapshot that the tour's triggers and quotes are written in, beside the presets'
// (src/content/observables.ts).

export const atLeastS = (snapshot: SimSnapshot, seconds: number): boolean =>
  snapshot.nowNs >= seconds * NS_PER_S;

/** Whether a request of `kind` is parked on the condition variable right now. */
export const isWaiting = (snapshot: SimSnapshot, kind: ReadKind): boolean =>
  snapshot.waiters.some((waiter) => waiter.kind === kind);

/** The message of a recent outcome of `kind` ending in `outcome`, or null. */
export function recentMessage(
  snapshot: SimSnapshot,
  kind: ReadKind,
  outcome: Outcome,
): string | null {
  const found = snapshot.recentOutcomes.find((o) => o.kind === kind && o.outcome === outcome);
  return found === undefined || found.message === "" ? null : found.message;
}

/**
 * Waits in the bucket a wait that hit the wall lands in (the model says which: +Inf at the
 * defaults, since a timed-out read resumes just after its deadline).
 */
export function waitsOverTheWall(snapshot: SimSnapshot): number {
  const { cumulative } = snapshot.readWait;
  const wall = snapshot.wall.readWaitBucket;
  return (cumulative[wall] ?? 0) - (cumulative[wall - 1] ?? 0);
}

/** The `le` label of that bucket, as Prometheus text writes it. */
export function wallBucketLe(snapshot: SimSnapshot): string {
  const bound = snapshot.readWait.bounds[snapshot.wall.readWaitBucket];
  return bound === undefined ? "+Inf" : String(bound);
}

/** `apiserver_watch_cache_consistent_read_total` for one label pair. */
export const consistentReads = (snapshot: SimSnapshot, success: string, fallback: string) =>
  snapshot.consistentReads[`${success}/${fallback}`] ?? 0;

/** Whether the run has recorded a notable moment of `kind` (src/sim/marks.ts). */
export const hasMark = (snapshot: SimSnapshot, kind: MarkKind): boolean =>
  snapshot.marks.some((mark) => mark.kind === kind);
