import { defined } from "../lib/at.ts";
import { firstAbove } from "../lib/bisect.ts";
import type { LazyList } from "../storage/interfaces.ts";
import type { Pod } from "../storage/pod.ts";
import { type PodBodies, withRv } from "./pod-bodies.ts";
import { SortedKeys } from "./sorted-keys.ts";
import type { Store } from "./store.ts";

// RV-keyed views of the store (upstream: store/store_btree.go snapshotter, a B-tree of cloned
// stores). Instead of a clone per event we keep an undo log: for every change since the oldest
// snapshot, the key's object before the change. A snapshot is a point in that log; reading key k
// in it means "the object before k's first later change, else the live object". Same answers as
// a clone, O(1) per event, and changes no snapshot can see any more are dropped. The log is
// columns (key, seq, the previous object's rv and shared body, the key's previous change), about
// 20 bytes a change in Chromium, not an object and a pod per change.

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
  private readonly rvs: number[] = [];
  private readonly seqs: number[] = [];
  private readonly sizes: number[] = [];
  private head = 0;
  /** The undo log's columns; entry j is at array index j − logBase. */
  private readonly changeKeys: string[] = [];
  private readonly changeSeqs: number[] = [];
  private readonly prevRvs: number[] = [];
  /** The key's object before the change, as a shared body; null if absent. */
  private readonly prevBodies: (Pod | null)[] = [];
  /** The key's previous change still in the log, -1 when none. */
  private readonly earlierOfKey: number[] = [];
  private logBase = 0;
  /** Entries below this absolute index were dropped. */
  private logHead = 0;
  /** Each key's newest change in the log. */
  private readonly lastOfKey = new Map<string, number>();
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
    return this.rvs.length - this.head;
  }

  /** Call before the store changes `key` to `next` (null: delete). */
  recordChange(key: string, prev: Pod | undefined, next: Pod | null): void {
    this.seq++;
    if (next !== null) this.ghosts.remove(key);
    if (this.count === 0) return;
    const index = this.logBase + this.changeKeys.length;
    this.changeKeys.push(key);
    this.changeSeqs.push(this.seq);
    this.prevRvs.push(prev?.rv ?? 0);
    this.prevBodies.push(prev === undefined ? null : this.bodies.share(key, prev));
    this.earlierOfKey.push(this.lastOfKey.get(key) ?? -1);
    this.lastOfKey.set(key, index);
    if (next === null && prev !== undefined) this.ghosts.insert(key);
  }

  // upstream: store_btree.go snapshotter Add (ReplaceOrInsert: one snapshot per RV)
  add(rv: number): void {
    const last = this.rvs.length - 1;
    if (this.count === 0 || rv > defined(this.rvs[last])) {
      this.rvs.push(rv);
      this.seqs.push(this.seq);
      this.sizes.push(this.store.size);
      return;
    }
    const i = this.upperBound(rv);
    if (this.rvs[i - 1] === rv) {
      this.seqs[i - 1] = this.seq;
      this.sizes[i - 1] = this.store.size;
      return;
    }
    this.inOrder = false;
    this.rvs.splice(i, 0, rv);
    this.seqs.splice(i, 0, this.seq);
    this.sizes.splice(i, 0, this.store.size);
  }

  // upstream: store_btree.go snapshotter RemoveLess
  compactBefore(rv: number): void {
    while (this.count > 0 && defined(this.rvs[this.head]) < rv) this.head++;
    if (this.head > 1024 && this.head * 8 > this.rvs.length) this.rebase();
    this.collect();
  }

  // upstream: store_btree.go snapshotter Reset
  reset(): void {
    this.rvs.length = this.seqs.length = this.sizes.length = 0;
    this.head = 0;
    for (const column of this.columns()) column.length = 0;
    this.logBase = this.logHead = 0;
    this.lastOfKey.clear();
    this.ghosts.reset([]);
    this.droppedThroughSeq = this.seq;
    this.inOrder = true;
  }

  // upstream: store_btree.go snapshotter GetLessOrEqual
  newestAtOrBelow(rv: number): SnapshotView | undefined {
    const i = this.upperBound(rv) - 1;
    if (i < this.head) return undefined;
    return this.view(defined(this.rvs[i]), defined(this.seqs[i]), defined(this.sizes[i]));
  }

  /** Undo-log entries held, for tests of garbage collection. */
  get retainedChanges(): number {
    return this.logBase + this.changeKeys.length - this.logHead;
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
        const key = b === undefined || (a !== undefined && a < b) ? (a as string) : b;
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
    let found = -1;
    let i = this.lastOfKey.get(key) ?? -1;
    while (i >= this.logHead && this.column(this.changeSeqs, i) > seq) {
      found = i;
      i = this.column(this.earlierOfKey, i);
    }
    return found;
  }

  /** The object before change `i`. */
  private prevAt(i: number): Pod | undefined {
    const body = this.column(this.prevBodies, i);
    return body === null ? undefined : withRv(body, this.column(this.prevRvs, i));
  }

  private column<T>(values: readonly T[], i: number): T {
    return defined(values[i - this.logBase]);
  }

  private columns(): unknown[][] {
    return [this.changeKeys, this.changeSeqs, this.prevRvs, this.prevBodies, this.earlierOfKey];
  }

  /** Drops changes that every remaining snapshot already sees. */
  private collect(): void {
    if (!this.inOrder) return;
    const horizon = this.count === 0 ? this.seq : defined(this.seqs[this.head]);
    const end = this.logBase + this.changeKeys.length;
    while (this.logHead < end && this.column(this.changeSeqs, this.logHead) <= horizon) {
      const i = this.logHead++;
      const key = this.column(this.changeKeys, i);
      if (this.lastOfKey.get(key) === i) {
        this.lastOfKey.delete(key);
        if (this.store.get(key) === undefined) this.ghosts.remove(key);
      }
      this.droppedThroughSeq = this.column(this.changeSeqs, i);
      this.prevBodies[i - this.logBase] = null;
    }
    const dead = this.logHead - this.logBase;
    if (dead > 1024 && dead * 8 > this.changeKeys.length) {
      for (const column of this.columns()) column.splice(0, dead);
      this.logBase = this.logHead;
    }
  }

  private rebase(): void {
    this.rvs.splice(0, this.head);
    this.seqs.splice(0, this.head);
    this.sizes.splice(0, this.head);
    this.head = 0;
  }

  /** The first index ≥ head whose RV is above `rv`. */
  private upperBound(rv: number): number {
    return firstAbove(this.rvs, rv, this.head, this.rvs.length);
  }
}
