import { type Nanos, NS_PER_S, seconds } from "../time.ts";
import type { CacheWatcher } from "./watcher.ts";

// Watchers that accept bookmarks, bucketed by the whole second their next bookmark is due, so a
// dispatcher tick touches only the due ones. upstream: cacher.go watcherBookmarkTimeBuckets

const BOOKMARK_FREQUENCY_NS: Nanos = seconds(60); // upstream: cacher.go defaultBookmarkFrequency
const PRE_TIMEOUT_NS: Nanos = seconds(2); // upstream: watcher.go nextBookmarkTime, 2 s before the deadline

/** When the watcher's next bookmark is due, or null for none. */
// upstream: watcher.go nextBookmarkTime
function nextBookmarkTime(watcher: CacheWatcher, nowNs: Nanos): Nanos | null {
  // Until the bookmark-after RV went out the client waits for it: due at once.
  if (!watcher.wasBookmarkAfterRvSent) return nowNs;
  let dueNs = nowNs + BOOKMARK_FREQUENCY_NS;
  if (watcher.deadlineNs === null) return dueNs;
  dueNs = Math.min(dueNs, watcher.deadlineNs - PRE_TIMEOUT_NS);
  return dueNs < nowNs ? null : dueNs;
}

export class BookmarkBuckets {
  private readonly buckets = new Map<number, CacheWatcher[]>();
  private startBucketId = 0;
  private readonly createdNs: Nanos;
  private sizeValue = 0;

  constructor(createdNs: Nanos) {
    this.createdNs = createdNs;
  }

  get size(): number {
    return this.sizeValue;
  }

  // upstream: watcherBookmarkTimeBuckets.addWatcherThreadUnsafe
  add(watcher: CacheWatcher, nowNs: Nanos): void {
    const dueNs = nextBookmarkTime(watcher, nowNs);
    if (dueNs === null) return;
    const id = Math.max(this.startBucketId, Math.floor((dueNs - this.createdNs) / NS_PER_S));
    const bucket = this.buckets.get(id);
    if (bucket === undefined) this.buckets.set(id, [watcher]);
    else bucket.push(watcher);
    this.sizeValue++;
  }

  // upstream: watcherBookmarkTimeBuckets.popExpiredWatchersThreadUnsafe
  popExpired(nowNs: Nanos): CacheWatcher[] {
    const current = Math.floor((nowNs - this.createdNs) / NS_PER_S);
    const out: CacheWatcher[] = [];
    for (; this.startBucketId <= current; this.startBucketId++) {
      const bucket = this.buckets.get(this.startBucketId);
      if (bucket === undefined) continue;
      this.buckets.delete(this.startBucketId);
      this.sizeValue -= bucket.length;
      for (const w of bucket) out.push(w);
    }
    return out;
  }
}
