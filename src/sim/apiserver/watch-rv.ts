// The resource versions a watch is set up with (upstream: cacher.go Watch) and the list limit the cacher
// applies (upstream: cacher.go computeListLimit). Resource versions arrive parsed; `resourceVersion` is the raw option, because
// upstream distinguishes "" (unset) from "0".

export interface WatchRvOptions {
  readonly resourceVersion: string;
  /** null: unset (Go nil), which differs from false. */
  readonly sendInitialEvents: boolean | null;
  readonly allowWatchBookmarks: boolean;
}

/**
 * The RV the cache must reach before the watch starts. null means "the storage's current RV":
 * the caller asks storage (a quorum read that can fail or take time) only in that case.
 */
// upstream: cacher.go getWatchCacheResourceVersion
export function getWatchCacheResourceVersion(
  parsedWatchRv: number,
  opts: WatchRvOptions,
): number | null {
  if (opts.resourceVersion !== "") return parsedWatchRv;
  // Legacy: no RV and no sendInitialEvents is served from the cache as if the RV were 0.
  if (opts.sendInitialEvents === null) return 0;
  return null;
}

/**
 * The RV after which the watch sends its initial-events-end bookmark; 0 means none. Upstream
 * returns a closure read later under the lock: call this at that moment with the cache RV.
 */
// upstream: cacher.go getBookmarkAfterResourceVersionLockedFunc
export function getBookmarkAfterResourceVersion(
  parsedWatchRv: number,
  requiredRv: number,
  opts: WatchRvOptions,
  watchCacheRv: number,
): number {
  if (opts.sendInitialEvents !== true || !opts.allowWatchBookmarks) return 0;
  if (opts.resourceVersion === "") return requiredRv;
  if (parsedWatchRv === 0) return watchCacheRv;
  return parsedWatchRv;
}

// upstream: cacher.go computeListLimit
export function computeListLimit(limit: number, resourceVersion: string): number {
  // RV "0" lists are served whole from the cache; the limit is ignored (legacy behaviour).
  if (limit <= 0 || resourceVersion === "0") return 0;
  return limit;
}
