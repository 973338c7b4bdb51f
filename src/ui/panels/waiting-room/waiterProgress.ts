import type { Nanos, OutcomeView, WaiterView, WallView } from "../../../model/index.ts";

export interface WaiterProgress {
  waitedNs: Nanos;
  remainingNs: Nanos;
  /** 0 at arrival, 1 at the wall: the share of the bar filled. */
  fraction: number;
}

export function waiterProgress(
  waiter: Pick<WaiterView, "startNs" | "deadlineNs">,
  nowNs: Nanos,
): WaiterProgress {
  const spanNs = waiter.deadlineNs - waiter.startNs;
  const waitedNs = Math.max(0, Math.min(nowNs - waiter.startNs, spanNs));
  return {
    waitedNs,
    remainingNs: spanNs - waitedNs,
    fraction: spanNs > 0 ? waitedNs / spanNs : 1,
  };
}

const byArrival = (a: WaiterView, b: WaiterView) => a.startNs - b.startNs || a.id - b.id;

/**
 * The `limit` waiters closest to the wall (the earliest arrivals). Rows are DOM that relayouts
 * every frame, so the list stays as short as the box shows; the rest are counted as "+N more".
 */
export function oldestWaiters(waiters: readonly WaiterView[], limit: number): WaiterView[] {
  return [...waiters].sort(byArrival).slice(0, limit);
}

export type Departure = "served" | "wall";

/**
 * How a finished request left the waiting room, or null if it never waited (the fast path, or a
 * read that went to etcd without waiting).
 */
export function departureOf(outcome: OutcomeView, wall: WallView): Departure | null {
  if (outcome.waitedNs <= 0) return null;
  if (outcome.outcome === "cacheAfterWait") return "served";
  if (wall.outcomes.includes(outcome.outcome)) return "wall";
  return null;
}

/** The newest departures first, at most `limit` of them. */
export function recentDepartures(
  outcomes: readonly OutcomeView[],
  wall: WallView,
  limit: number,
): Array<{ outcome: OutcomeView; departure: Departure }> {
  const departures: Array<{ outcome: OutcomeView; departure: Departure }> = [];
  for (const outcome of outcomes) {
    const departure = departureOf(outcome, wall);
    if (departure) departures.push({ outcome, departure });
  }
  departures.sort((a, b) => b.outcome.atNs - a.outcome.atNs);
  return departures.slice(0, limit);
}
