import { type ApiError, resourceExpired } from "../storage/errors.ts";
import type { Pod } from "../storage/pod.ts";
import { PodBodies } from "./pod-bodies.ts";
import { Snapshots, type SnapshotView } from "./snapshots.ts";
import { type Indexer, Store } from "./store.ts";
import type { WatchEventType } from "./watch-cache-event.ts";

// upstream: store/watch_cache_storage.go WatchCacheStorage: the current objects, the list RV of
// the last relist, and (with ListFromCacheSnapshot) a snapshot per RV.

export class WatchCacheStorage {
  readonly store: Store;
  /** null when ListFromCacheSnapshot was off when the cache was built. */
  readonly snapshots: Snapshots | null;
  /** The shared body of each stored key, for the history ring and the snapshots. */
  readonly bodies = new PodBodies();
  listResourceVersion = 0;

  constructor(indexers: readonly Indexer[], snapshotting: boolean) {
    this.store = new Store(indexers);
    this.snapshots = snapshotting ? new Snapshots(this.store, this.bodies) : null;
  }

  // upstream: watch_cache_storage.go UpdateStoreLocked
  updateStoreLocked(type: WatchEventType, key: string, pod: Pod, rv: number): void {
    const prev = this.store.get(key);
    const next = type === "DELETED" ? null : pod;
    this.snapshots?.recordChange(key, prev, next);
    if (next === null) {
      this.store.delete(key);
      this.bodies.forget(key);
    } else this.store.put(key, next);
    this.snapshots?.add(rv);
  }

  // upstream: watch_cache_storage.go ReplaceLocked
  replaceLocked(keys: readonly string[], pods: readonly Pod[], rv: number): void {
    this.store.replace(keys, pods);
    this.bodies.clear();
    this.snapshots?.reset();
    this.snapshots?.add(rv);
    this.listResourceVersion = rv;
  }

  // upstream: watch_cache_storage.go CompactSnapshotsLocked / Compact (snapshots below rv go)
  compactSnapshotsLocked(rv: number): void {
    this.snapshots?.compactBefore(rv);
  }

  // upstream: watch_cache_storage.go GetExactSnapshotLocked
  getExactSnapshotLocked(rv: number): SnapshotView | ApiError {
    const view = this.snapshots?.newestAtOrBelow(rv);
    return view ?? resourceExpired(`too old resource version: ${rv}`);
  }

  // upstream: watch_cache_storage.go CanServeExactRV
  canServeExactRv(rv: number): boolean {
    return this.snapshots?.newestAtOrBelow(rv) !== undefined;
  }

  get snapshottingEnabled(): boolean {
    return this.snapshots !== null;
  }
}
