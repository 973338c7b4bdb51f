import { isDeliverable } from "./dispatch-log.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";
import type { CacheWatcher } from "./watcher.ts";

// How many registered watchers an event is delivered to, for the dispatch-duration histogram
// (upstream: cache_watcher.go process observes once per watcher that sends the event). Watchers
// are cursors, so the cacher never visits them per event; this answers in O(1) for the common
// case: every whole-resource watcher started below the event's RV. Only key-scoped watchers, and
// an event at or below some watcher's start RV, are checked one by one.

export class DeliveredWatchers {
  private covering = 0;
  /** An upper bound of the covering watchers' start RVs (never lowered: a bound stays a bound). */
  private highestStartRv = 0;
  private readonly coveringWatchers = new Set<CacheWatcher>();
  private readonly keyed = new Set<CacheWatcher>();

  add(watcher: CacheWatcher): void {
    if (!watcher.coversAll) {
      this.keyed.add(watcher);
      return;
    }
    this.coveringWatchers.add(watcher);
    this.covering++;
    if (watcher.liveAfterRv > this.highestStartRv) this.highestStartRv = watcher.liveAfterRv;
  }

  delete(watcher: CacheWatcher): void {
    if (this.keyed.delete(watcher)) return;
    if (this.coveringWatchers.delete(watcher)) this.covering--;
  }

  clear(): void {
    this.keyed.clear();
    this.coveringWatchers.clear();
    this.covering = 0;
  }

  /** Watchers `event` reaches: not closed, started below its RV, its key in scope. */
  count(event: WatchCacheEvent): number {
    let n = 0;
    if (isDeliverable(event)) {
      if (event.rv > this.highestStartRv) n = this.covering;
      else for (const w of this.coveringWatchers) if (w.receives(event)) n++;
    }
    for (const w of this.keyed) if (w.receives(event)) n++;
    return n;
  }
}
