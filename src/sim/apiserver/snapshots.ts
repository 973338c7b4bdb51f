import { defined } from "../lib/at.ts";
import { keyId, keyOfId, knownKeyId } from "../lib/key-ids.ts";
import type { LazyList } from "../storage/interfaces.ts";
import type { Pod } from "../storage/pod.ts";
import { LastChange } from "./last-change.ts";
import { type PodBodies, withRv } from "./pod-bodies.ts";
import { SnapshotList } from "./snapshot-list.ts";
import { SortedKeys } from "./sorted-keys.ts";
import type { Store } from "./store.ts";
import { UndoLog } from "./undo-log.ts";

// RV-keyed views of the store (upstream: store/store_btree.go snapshotter, a B-tree of cloned
// stores). Instead of a clone per event we keep an undo log: for every change since the oldest
// snapshot, the key's object before the change. A snapshot is a point in that log; reading key k
// in it means "the object before k's first later change, else the live object". Same answers as
// a clone, O(1) per event, and changes no snapshot can see any more are dropped. The log is
// columns (undo-log.ts: key, seq, the previous object's rv and shared body, the key's previous
// change), 4 bytes each (20 a change), not an object and a pod per change. The list of snapshots
// is chunked 4-byte columns too (snapshot-list.ts), so parked runs share it as the undo log.

export interface SnapshotView {
  readonly rv: number;
  get(key: string): Pod | undefined;
  list(prefix: string, fromKey: string, responseRv: number): LazyList;
}

export class Snapshots {
  private readonly store: Store;
  private readonly bodies: PodBodies;
  /** Store changes so far; a snapshot remembers the count at its RV. */
  private seq = 0;
  /** Each snapshot's RV, the change count at it and the store's size then, in RV order. */
  private readonly list = new SnapshotList();
  /** The undo log: each change's key, number, previous object (as a shared body) and the key's previous change. */
  private readonly log = new UndoLog();
  /** Each key's newest change in the log. */
  private readonly lastOfKey = new LastChange();
  /** Keys that are gone from the live store but that some snapshot still sees. */
  private readonly ghosts = new SortedKeys();
  /** Changes with seq ≤ this were dropped; views older than it are invalid. */
  private droppedThroughSeq = 0;
  /** An RV arrived out of order (never in the scenario): the oldest seq is no longer at `head`. */
  private inOrder = true;

  constructor(store: Store, bodies: PodBodies) {
    this.store = store;
    this.bodies = bodies;
  }

  get count(): number {
    return this.list.end - this.list.head;
  }

  /** Call before the store changes `key` to `next` (null: delete). */
  recordChange(key: string, prev: Pod | undefined, next: Pod | null): void {
    this.seq++;
    // A ghost is gone from the store, so only a key made again may be one: a change of a key
    // the store holds (most changes) skips the search of the ghosts' sorted keys.
    if (next !== null && prev === undefined) this.ghosts.remove(key);
    if (this.count === 0) return;
    const body = prev === undefined ? null : this.bodies.share(key, prev);
    const id = keyId(key);
    const index = this.log.push(key, this.seq, prev?.rv ?? 0, body, this.lastOfKey.of(id));
    this.lastOfKey.set(id, index);
    if (next === null && prev !== undefined) this.ghosts.insert(key);
  }

  // upstream: store_btree.go snapshotter Add (ReplaceOrInsert: one snapshot per RV)
  add(rv: number): void {
    const list = this.list;
    if (this.count === 0 || rv > list.rvAt(list.end - 1)) {
      list.push(rv, this.seq, this.store.size);
      return;
    }
    const i = list.firstAbove(rv);
    if (i > list.head && list.rvAt(i - 1) === rv) {
      list.write(i - 1, rv, this.seq, this.store.size);
      return;
    }
    this.inOrder = false;
    list.insert(i, rv, this.seq, this.store.size);
  }

  // upstream: store_btree.go snapshotter RemoveLess
  compactBefore(rv: number): void {
    const list = this.list;
    let head = list.head;
    while (head < list.end && list.rvAt(head) < rv) head++;
    list.dropBefore(head);
    this.collect();
  }

  // upstream: store_btree.go snapshotter Reset
  reset(): void {
    this.list.clear();
    this.log.clear();
    this.lastOfKey.clear();
    this.ghosts.reset([]);
    this.droppedThroughSeq = this.seq;
    this.inOrder = true;
  }

  // upstream: store_btree.go snapshotter GetLessOrEqual
  newestAtOrBelow(rv: number): SnapshotView | undefined {
    const list = this.list;
    const i = list.firstAbove(rv) - 1;
    if (i < list.head) return undefined;
    return this.view(list.rvAt(i), list.seqAt(i), list.sizeAt(i));
  }

  /** Undo-log entries held, for tests of garbage collection. */
  get retainedChanges(): number {
    return this.log.end - this.log.head;
  }

  /** The undo log, for the weight of a parked run (worker/run-size.ts). */
  get undoLog(): Pick<UndoLog, "held" | "sealed"> {
    return this.log;
  }

  /** The absolute indexes of the list's chunks that runs may share (worker/run-size.ts). */
  get listSealed(): { from: number; to: number } {
    return this.list.sealed;
  }

  private view(rv: number, seq: number, size: number): SnapshotView {
    const at = (key: string): Pod | undefined => {
      if (seq < this.droppedThroughSeq)
        throw new Error(`snapshots: view at rv ${rv} was compacted`);
      const change = this.firstChangeAfter(key, seq);
      return change < 0 ? this.store.get(key) : this.prevAt(change);
    };
    return {
      rv,
      get: at,
      list: (prefix, fromKey, responseRv) => this.listAt(at, size, prefix, fromKey, responseRv),
    };
  }

  private listAt(
    at: (key: string) => Pod | undefined,
    size: number,
    prefix: string,
    fromKey: string,
    responseRv: number,
  ): LazyList {
    const live = this.store.sortedKeys();
    const [lf, le] = live.range(prefix, fromKey);
    const [gf, ge] = this.ghosts.range(prefix, fromKey);
    const whole = lf === 0 && le === live.size && gf === 0 && ge === this.ghosts.size;
    const mutationsAtList = this.store.mutations;
    const items = (max = Number.POSITIVE_INFINITY): Pod[] => {
      if (this.store.mutations !== mutationsAtList) {
        throw new Error("snapshots: a lazy list was read after the store changed");
      }
      const out: Pod[] = [];
      let i = lf;
      let j = gf;
      while ((i < le || j < ge) && out.length < max) {
        const a = i < le ? live.at(i) : undefined;
        const b = j < ge ? this.ghosts.at(j) : undefined;
        const key = a !== undefined && (b === undefined || a < b) ? a : defined(b);
        if (key === a) i++;
        if (key === b) j++;
        const pod = at(key);
        if (pod !== undefined) out.push(pod);
      }
      return out;
    };
    // No key gone since the snapshot (no ghosts) and as many keys as then: the very same keys,
    // so a range's count is its width (a continued page needs no walk to the end of the list).
    const sameKeys = this.ghosts.size === 0 && size === live.size;
    let counted: number | undefined = whole ? size : sameKeys ? le - lf : undefined;
    return {
      rv: responseRv,
      get count() {
        counted ??= items().length;
        return counted;
      },
      items,
      // With the snapshot's keys those of the live store, item i is the i-th key of the range.
      keyAt: (i) => (sameKeys && i >= 0 && i < le - lf ? live.at(lf + i) : undefined),
    };
  }

  /** The key's first change with seq > `seq` still in the log, else -1 (walked newest first). */
  private firstChangeAfter(key: string, seq: number): number {
    return this.log.firstAfter(this.lastOfKey.of(knownKeyId(key)), seq);
  }

  /** The object before change `i`. */
  private prevAt(i: number): Pod | undefined {
    const body = this.log.prevBodyAt(i);
    return body === null ? undefined : withRv(body, this.log.prevRvAt(i));
  }

  /** Drops changes that every remaining snapshot already sees. */
  private collect(): void {
    if (!this.inOrder) return;
    const horizon = this.count === 0 ? this.seq : this.list.seqAt(this.list.head);
    while (this.log.head < this.log.end && this.log.seqAt(this.log.head) <= horizon) {
      const i = this.log.head;
      const id = this.log.keyIdAt(i);
      if (this.lastOfKey.of(id) === i) {
        this.lastOfKey.delete(id);
        if (!this.store.hasId(id)) this.ghosts.remove(keyOfId(id));
      }
      this.droppedThroughSeq = this.log.seqAt(i);
      this.log.dropOldest();
    }
  }
}
