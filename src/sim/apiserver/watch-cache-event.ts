import type { Pod } from "../storage/pod.ts";

// One entry of the history ring, as processEvent hands it on and as a read from the ring makes it
// again: the ring itself keeps its fields as columns (event-slots.ts). Kept lean (no derived
// labels or fields): readers compute what they need from `object`.

export type WatchEventType = "ADDED" | "MODIFIED" | "DELETED";

// upstream: watch_cache.go watchCacheEvent (the fields the model reads)
export interface WatchCacheEvent {
  readonly type: WatchEventType;
  readonly key: string;
  readonly rv: number;
  /** When the event was recorded; the ring's resize rule compares these. */
  readonly recordTimeNs: number;
  readonly object: Pod | null;
  /** The stored object with the same key before this event, if there was one. */
  readonly prevObject: Pod | null;
}
