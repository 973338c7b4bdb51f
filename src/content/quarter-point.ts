// The shrink rule's reference event, worded once for every panel, caption and question: upstream's
// resizeCacheLocked (watch_cache_history.go) compares the event at (endIndex − capacity/4), the
// oldest of the most recent quarter, with the fresh window. Only that event need be stale: newer
// ones in the quarter may still be fresh.

export const QUARTER_POINT_EVENT =
  "the event at the ¼ point (the oldest of the most recent quarter)";
