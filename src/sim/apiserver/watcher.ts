import { at } from "../lib/at.ts";
import { type ApiError, type StatusError, watchErrorStatus } from "../storage/errors.ts";
import type { Pod } from "../storage/pod.ts";
import { type DispatchLog, isDeliverable } from "./dispatch-log.ts";
import type { WatchCacheEvent } from "./watch-cache-event.ts";

// What a watch client reads (upstream: cacher/watcher.go). A cache watcher is a cursor: its start (history or
// initial store items) is fixed when it registers, its live events are read from the cacher's
// shared dispatch log, and nothing is converted until the client asks for the next event.

export type WatchEventKind = "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" | "ERROR";

export interface WatchEventOut {
  readonly type: WatchEventKind;
  /** null for BOOKMARK and ERROR. */
  readonly object: Pod | null;
  /** The object's RV, or the bookmark's; null for ERROR. */
  readonly rv: number | null;
  /** The Status of an ERROR event; null otherwise. */
  readonly status: StatusError | null;
}

export interface Watcher {
  /** The next event the client reads, or null when none is available now. */
  next(): WatchEventOut | null;
  /** The result channel is closed: after the unread events, nothing more will come. */
  readonly closed: boolean;
  /** The client goes away. */
  stop(): void;
}

const bookmark = (rv: number): WatchEventOut => ({
  type: "BOOKMARK",
  object: null,
  rv,
  status: null,
});

// upstream: cacher.go errWatcher: one ERROR event, then the channel is closed.
export function errorWatcher(error: ApiError): Watcher {
  let event: WatchEventOut | null = {
    type: "ERROR",
    object: null,
    rv: null,
    status: watchErrorStatus(error),
  };
  return {
    next() {
      const out = event;
      event = null;
      return out;
    },
    closed: true,
    stop() {},
  };
}

// upstream: cacher.go immediateCloseWatcher (the cacher went unready during setup)
export function closedWatcher(): Watcher {
  return { next: () => null, closed: true, stop() {} };
}

// upstream: cacher.go hasPathPrefix: the key itself or anything below it as a path.
export function hasPathPrefix(key: string, prefix: string): boolean {
  if (!key.startsWith(prefix)) return false;
  return key.length === prefix.length || prefix.endsWith("/") || key[prefix.length] === "/";
}

/** What a client that only catches up learned: how many events, and the RV of the last one. */
export interface Skipped {
  readonly events: number;
  readonly lastRv: number | null;
}

/** How a watcher starts: the events its interval yields, already decided at registration. */
export interface WatchStart {
  /** Store-based start, already filtered by key: each object as ADDED (sendInitialEvents, legacy RV 0). */
  readonly initialObjects: readonly Pod[];
  /** History-based start: the ring's events after the requested RV. */
  readonly historyEvents: readonly WatchCacheEvent[];
  /** The initial-events-end bookmark's RV, or null when none was requested. */
  readonly endBookmarkRv: number | null;
  /** The interval was invalidated while read: the watch closes silently after these events. */
  readonly invalidated: boolean;
  /** Live events at or below this RV were covered by the start (upstream: resourceVersion). */
  readonly liveAfterRv: number;
}

// upstream: cacher/watcher.go cacheWatcher (processInterval, then process)
export class CacheWatcher implements Watcher {
  readonly id: number;
  readonly key: string;
  readonly allowWatchBookmarks: boolean;
  /** Its key covers every key of the resource, so every deliverable event reaches it. */
  readonly coversAll: boolean;
  /** The request's deadline; the last bookmark goes out 2 s before it. */
  deadlineNs: number | null = null;
  /** upstream: bookmarkAfterResourceVersion, and whether a bookmark at or after it went out. */
  bookmarkAfterRv = 0;
  private bookmarkAfterRvSent = false;
  private readonly start: WatchStart;
  private readonly log: DispatchLog;
  private startPos = 0;
  /** Position in the dispatch log of the next live event to read. */
  cursor: number;
  private endCursor: number | null = null;
  private readonly bookmarks: { at: number; rv: number }[] = [];
  private onStop: ((w: CacheWatcher) => void) | null;
  private stopped = false;

  constructor(
    id: number,
    key: string,
    allowWatchBookmarks: boolean,
    start: WatchStart,
    log: DispatchLog,
    onStop: (w: CacheWatcher) => void,
    coversAll = false,
  ) {
    this.id = id;
    this.key = key;
    this.allowWatchBookmarks = allowWatchBookmarks;
    this.coversAll = coversAll;
    this.start = start;
    this.log = log;
    this.cursor = log.end;
    this.onStop = onStop;
    if (start.invalidated) this.close();
  }

  get closed(): boolean {
    return this.endCursor !== null;
  }

  /** Live events at or below this RV were covered by the start. */
  get liveAfterRv(): number {
    return this.start.liveAfterRv;
  }

  /** Whether a live event dispatched now reaches this watcher's client (what `next()` would send). */
  // upstream: cache_watcher.go process (the RV rule), convertToWatchEvent (the key filter)
  receives(event: WatchCacheEvent): boolean {
    return (
      !this.closed &&
      event.rv > this.start.liveAfterRv &&
      hasPathPrefix(event.key, this.key) &&
      isDeliverable(event)
    );
  }

  /** The next unread event of the start phase; null once it is over. */
  private nextFromStart(): WatchEventOut | null {
    const { initialObjects, historyEvents, endBookmarkRv } = this.start;
    if (this.startPos < initialObjects.length) {
      const pod = at(initialObjects, this.startPos++);
      return { type: "ADDED", object: pod, rv: pod.rv, status: null };
    }
    const offset = initialObjects.length;
    while (this.startPos - offset < historyEvents.length) {
      const out = this.convert(at(historyEvents, this.startPos++ - offset));
      if (out !== null) return out;
    }
    if (endBookmarkRv !== null && this.startPos === offset + historyEvents.length) {
      this.startPos++;
      return bookmark(endBookmarkRv);
    }
    return null;
  }

  next(): WatchEventOut | null {
    if (this.stopped) return null;
    const fromStart = this.nextFromStart();
    if (fromStart !== null || this.start.invalidated) return fromStart;
    const end = this.endCursor ?? this.log.end;
    for (;;) {
      const due = this.bookmarks[0];
      if (due !== undefined && due.at <= this.cursor) {
        this.bookmarks.shift();
        return bookmark(due.rv);
      }
      if (this.cursor >= end) return null;
      const event = this.log.at(this.cursor++);
      if (event.rv <= this.start.liveAfterRv) continue;
      const out = this.convert(event);
      if (out !== null) return out;
    }
  }

  /**
   * Reads everything available now without converting it: what `next()` until null would
   * return, counted. A whole-resource watcher over increasing RVs takes O(log n) for its live
   * events; any other reads them one by one.
   */
  skipAvailable(): Skipped {
    let events = 0;
    let lastRv: number | null = null;
    if (this.stopped) return { events, lastRv };
    for (let e = this.nextFromStart(); e !== null; e = this.nextFromStart()) {
      events++;
      lastRv = e.rv;
    }
    if (this.start.invalidated) return { events, lastRv };
    const end = this.endCursor ?? this.log.end;
    if (!this.coversAll || !this.log.increasingFrom(this.cursor)) {
      for (let e = this.next(); e !== null; e = this.next()) {
        events++;
        lastRv = e.rv;
      }
      return { events, lastRv };
    }
    const from = this.log.firstAbove(this.cursor, end, this.start.liveAfterRv);
    events += this.log.deliverableBetween(from, end) + this.bookmarks.length;
    let lastEvent = end - 1;
    while (lastEvent >= from && !isDeliverable(this.log.at(lastEvent))) lastEvent--;
    const lastBookmark = this.bookmarks[this.bookmarks.length - 1];
    if (lastBookmark !== undefined && lastBookmark.at > lastEvent) lastRv = lastBookmark.rv;
    else if (lastEvent >= from) lastRv = this.log.at(lastEvent).rv;
    this.bookmarks.length = 0;
    this.cursor = end;
    return { events, lastRv };
  }

  /**
   * A periodic bookmark at the cacher's last processed RV, decided now: only the RV rule of
   * upstream's process() applies to it, and it confirms the bookmark-after RV once reached.
   */
  offerBookmark(rv: number): void {
    if (this.closed) return;
    const after = this.start.liveAfterRv;
    if (!(rv > after || (rv === after && !this.wasBookmarkAfterRvSent))) return;
    this.bookmarks.push({ at: this.log.end, rv });
    this.markBookmarkSent(rv);
  }

  // upstream: watcher.go wasBookmarkAfterRvSentLocked
  get wasBookmarkAfterRvSent(): boolean {
    return this.bookmarkAfterRv === 0 || this.bookmarkAfterRvSent;
  }

  // upstream: watcher.go markBookmarkAfterRvAsReceived
  markBookmarkSent(rv: number): void {
    if (rv >= this.bookmarkAfterRv) this.bookmarkAfterRvSent = true;
  }

  /** The cacher terminated the watch: what was dispatched so far stays readable. */
  close(): void {
    if (this.endCursor === null) this.endCursor = this.log.end;
  }

  /** The client went away: nothing more is read, and the cacher forgets the watcher. */
  stop(): void {
    this.close();
    this.stopped = true;
    const onStop = this.onStop;
    this.onStop = null;
    onStop?.(this);
  }

  /** The first dispatch-log entry this watcher may still read (for releasing the log). */
  get readFrom(): number {
    return this.cursor;
  }

  /** Closed, and every live event before the close was read. */
  get drained(): boolean {
    return this.endCursor !== null && this.cursor >= this.endCursor;
  }

  // upstream: watcher.go convertToWatchEvent, with the key filter only (no selectors here).
  private convert(event: WatchCacheEvent): WatchEventOut | null {
    if (!hasPathPrefix(event.key, this.key)) return null;
    if (event.type !== "DELETED" && event.object !== null) {
      const type = event.prevObject === null ? "ADDED" : "MODIFIED";
      return { type, object: event.object, rv: event.object.rv, status: null };
    }
    if (event.prevObject === null) return null;
    // A deletion carries the previous object at the event's RV.
    return {
      type: "DELETED",
      object: { ...event.prevObject, rv: event.rv },
      rv: event.rv,
      status: null,
    };
  }
}
