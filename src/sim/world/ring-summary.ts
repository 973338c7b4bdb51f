import type { WatchCacheHistory } from "../apiserver/history.ts";
import type { RingSegment, RingSummary } from "../snapshot.ts";
import type { Nanos } from "../time.ts";

// The history ring as the page draws it: bounds, indexes, the ages the resize rule compares, and
// the occupied span cut into at most `segments` pieces (so its size follows the screen).

export function summariseRing(
  history: WatchCacheHistory,
  nowNs: Nanos,
  segments: number,
  counts: { increases: number; decreases: number },
): RingSummary {
  const { startIndex, endIndex, capacity } = history;
  const age = (index: number): Nanos => nowNs - history.recordTimeAt(index);
  // Below capacity 4 the quarter is 0: no event there (the resize rule reads the oldest instead).
  const quarterIndex = endIndex - Math.floor(capacity / 4);
  return {
    capacity,
    lowerBound: history.lowerBoundCapacity,
    upperBound: history.upperBoundCapacity,
    startIndex,
    endIndex,
    freshWindowNs: history.eventFreshDurationNs,
    oldestAgeNs: endIndex > startIndex ? age(startIndex) : null,
    quarterAgeNs: history.isFull && quarterIndex < endIndex ? age(quarterIndex) : null,
    segments: cut(history, nowNs, Math.max(0, Math.floor(segments))),
    increases: counts.increases,
    decreases: counts.decreases,
  };
}

function cut(history: WatchCacheHistory, nowNs: Nanos, pieces: number): RingSegment[] {
  const { startIndex, endIndex } = history;
  const size = endIndex - startIndex;
  const n = Math.min(pieces, size);
  const out: RingSegment[] = [];
  for (let i = 0; i < n; i++) {
    const fromIndex = startIndex + Math.floor((i * size) / n);
    const toIndex = startIndex + Math.floor(((i + 1) * size) / n);
    out.push({
      fromIndex,
      toIndex,
      oldestRv: history.rvAt(fromIndex),
      newestRv: history.rvAt(toIndex - 1),
      oldestAgeNs: nowNs - history.recordTimeAt(fromIndex),
      newestAgeNs: nowNs - history.recordTimeAt(toIndex - 1),
    });
  }
  return out;
}
