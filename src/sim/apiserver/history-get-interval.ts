import { bisect } from "../lib/bisect.ts";
import type { ApiError } from "../storage/errors.ts";
import { plainError, resourceExpired } from "../storage/errors.ts";
import type { IndexValidator, WatchCacheHistory } from "./history.ts";
import { WatchCacheInterval } from "./interval.ts";

// Where a watch resuming at `rv` starts reading the history, or why it cannot (upstream: watch_cache_history.go GetIntervalLocked).

/** Go's uint64 wrap of 0 − 1, as `oldest − 1` prints when the oldest RV is 0. */
const UINT64_MAX_TEXT = "18446744073709551615";

// upstream: watch_cache_history.go getIntervalLocked
export function getIntervalLocked(
  history: WatchCacheHistory,
  rv: number,
  listResourceVersion: number,
  indexValidator: IndexValidator,
): WatchCacheInterval | ApiError {
  const oldest = oldestDeliverableRv(history, listResourceVersion);
  if (oldest === null) return plainError("watch cache isn't correctly initialized");
  // The comparison is on uint64: an oldest RV of 0 wraps, so every rv is too old.
  if (oldest === 0 || rv < oldest - 1) {
    const reference = oldest === 0 ? UINT64_MAX_TEXT : String(oldest - 1);
    return resourceExpired(`too old resource version: ${rv} (${reference})`);
  }
  // bisect is Go's sort.Search, probe for probe, so out-of-order RVs land where upstream's would.
  const first = bisect(0, history.size, (i) => history.rvAt(history.startIndex + i) > rv);
  return new WatchCacheInterval(
    history.startIndex + first,
    history.endIndex,
    (i) => history.at(i),
    indexValidator,
  );
}

function oldestDeliverableRv(history: WatchCacheHistory, listResourceVersion: number) {
  if (listResourceVersion > 0 && !history.removedEventSinceRelist) return listResourceVersion + 1;
  return history.oldestRv();
}
