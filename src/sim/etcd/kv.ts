import { at, defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import { grownLength, keyId, keyIdCount, knownKeyId, sharedKey } from "../lib/key-ids.ts";
import { SealedChunks, sameBytes } from "../lib/sealed-chunks.ts";
import { resourceExpired, type StatusError } from "../storage/errors.ts";
import type { Pod } from "../storage/pod.ts";
import { sameBody } from "../storage/pod.ts";
import { CountHistory } from "./count-history.ts";
import { ADDED, DELETED, EventLog, type EventTypeCode, MODIFIED } from "./event-log.ts";
import { KeyColumns } from "./key-columns.ts";
import { podOf } from "./pod-objects.ts";

// etcd's data: one global revision, the pods under the resource prefix as multi-version keys, and
// the log of pod events the cacher's watch reads. Compaction drops every version that can no
// longer be read, so memory follows the compaction window, not the run's length. A version is its
// revision and a shared body (the pod without its rv); the log is columns of numbers
// (event-log.ts); objects are made where a read returns them, and the newest version's object is
// the one every reader shares. A key holds only its newest version: the older ones it still has
// are its events in the log, each naming the one before (its revision, body and event), so a read
// at an older revision walks back from the newest, and compaction, which drops the log's head,
// drops them with no work per key (200 000 keys in the largest scenario). The keys themselves are
// columns by index (key-columns.ts), with no object per key, and their strings and numbers are
// the process's (lib/key-ids.ts), so a run keeps no map or string per key of its own.

export type KvEventType = "ADDED" | "MODIFIED" | "DELETED";

/** One write to a pod; also one version of its key. A DELETED event carries the deleted pod. */
export interface KvEvent {
  readonly revision: number;
  readonly type: KvEventType;
  readonly key: string;
  /** The pod after the write, its rv = revision (for DELETED: the last state, rv = revision). */
  readonly object: Pod;
  readonly prevObject: Pod | null;
}

export type PodSpec = Omit<Pod, "rv">;

/** What the cache's watch reads of an event (`readEvent`): a KvEvent without its previous object. */
export interface KvWatchEvent {
  revision: number;
  type: KvEventType;
  key: string;
  object: Pod;
}

export type RangeResult =
  | {
      readonly ok: true;
      readonly revision: number;
      readonly items: Pod[];
      /** More keys follow the last returned one (etcd's `more`). */
      readonly more: boolean;
    }
  | { readonly ok: false; readonly error: StatusError };

// upstream: storage/etcd3/errors.go (the compacted-list message)
export const LIST_TOO_OLD = "The resourceVersion for the provided list is too old.";

const TYPES: readonly KvEventType[] = ["ADDED", "MODIFIED", "DELETED"];

/**
 * The sorted key indexes of every store in the process, one copy of equal ones: an array is
 * replaced, never changed, and every run of a scenario sorts the same keys at its start (time
 * travel's parked runs; lib/sealed-chunks.ts, which keeps a few of each length, weakly).
 */
const sortedIndexes = new SealedChunks<Int32Array<ArrayBuffer>>(sameBytes);
/** The key indexes by key id of every store, shared as its key columns are (`shareKeys`). */
const indexesById = new SealedChunks<Int32Array<ArrayBuffer>>(sameBytes);
/** Keys created together that make their columns worth sharing: a run's start, not a pod now and then. */
const SHARED_AFTER_KEYS = 1024;

export class EtcdKv {
  readonly resourcePrefix: string;
  private revisionValue: number;
  private compactedValue = 0;
  /** Each key's index in the columns by its id (lib/key-ids.ts) while it has a version, else -1. */
  private indexById: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** `indexById` may be other runs' too (`shareKeys`): a change copies it first. */
  private indexByIdShared = false;
  /** Every key made, by index (the log's events refer to their key by it). */
  private readonly columns = new KeyColumns();
  /** Key indexes sorted by key, so a range is a binary search and a walk ... */
  private sorted = new Int32Array(0);
  /** ... once the keys created since the last read are merged in (bulk creates stay O(n log n)). */
  private unsorted: number[] = [];
  /** The keys that are `varied`, for compaction to clear (or to remove when deleted). */
  private readonly varied = new Set<number>();
  private readonly log = new EventLog();
  private liveCount = 0;
  /** The pod count after every create and delete, for counts at old revisions. */
  private readonly counts = new CountHistory();
  /** The last `lowerBound` answer. */
  private bound: { key: string; sorted: Int32Array; index: number } = {
    key: "",
    sorted: this.sorted,
    index: 0,
  };

  constructor(initialRevision: number, resourcePrefix: string) {
    if (!Number.isSafeInteger(initialRevision) || initialRevision < 1) {
      throw new Error(`kv: initial revision ${initialRevision} must be a positive integer`);
    }
    this.revisionValue = initialRevision;
    this.resourcePrefix = resourcePrefix;
  }

  get revision(): number {
    return this.revisionValue;
  }
  /** Reads below this revision fail; 0 before the first compaction. */
  get compactedRevision(): number {
    return this.compactedValue;
  }
  /** Pods stored now. */
  get podCount(): number {
    return this.liveCount;
  }

  /** Room for `keys` more keys: a run's start creates all its pods at once. */
  reserve(keys: number): void {
    this.columns.reserve(this.columns.length + keys);
  }

  create(spec: PodSpec): KvEvent {
    this.insert(spec);
    return this.eventAt(this.logEnd - 1);
  }

  /**
   * `create` without making its event (a run's start creates every pod); returns its key's index.
   * With `owned`, etcd keeps `spec` as the body instead of a copy: the caller's fresh object, or
   * one shared and never changed (world/pods.ts podSpec; 200 000 objects fewer a run).
   */
  insert(spec: PodSpec, owned = false): number {
    const key = this.keyOf(spec);
    const existing = this.indexOf(key);
    if (existing !== undefined && this.columns.live(existing)) {
      throw new Error(`kv: create of existing key ${key}`);
    }
    const index = this.indexFor(spec, existing, key, owned);
    this.write(index, ADDED, spec);
    return index;
  }

  update(spec: PodSpec): KvEvent {
    const key = this.keyOf(spec);
    const index = this.indexOf(key);
    if (index === undefined || !this.columns.live(index)) {
      throw new Error(`kv: update of missing key ${key}`);
    }
    this.write(index, MODIFIED, spec);
    return this.eventAt(this.logEnd - 1);
  }

  delete(namespace: string, name: string): KvEvent {
    const key = this.keyOf({ namespace, name });
    const index = this.indexOf(key);
    if (index === undefined || !this.columns.live(index)) {
      throw new Error(`kv: delete of missing key ${key}`);
    }
    this.write(index, DELETED, this.columns.body(index));
    return this.eventAt(this.logEnd - 1);
  }

  /**
   * The index of `spec`'s key, for writes that name it by index (writeAt): the open loop's
   * writers look it up once per pod instead of hashing two strings per write. `owned` as for
   * `insert`, when the key is new.
   */
  keyIndex(spec: PodSpec, owned = false): number {
    const key = this.keyOf(spec);
    return this.indexFor(spec, this.indexOf(key), key, owned);
  }

  /** Writes the key's body again (created if absent); returns the revision. */
  writeAt(keyIndex: number): number {
    const columns = this.columns;
    if (!(keyIndex >= 0 && keyIndex < columns.length)) throw new Error(`kv: no key ${keyIndex}`);
    let index = keyIndex;
    if (!columns.indexed(index)) {
      // Compacted away after a delete: the key's current index, or a new one.
      // The body is the key's own already (or the process's), so the new index keeps it.
      const key = columns.key(index);
      index = this.indexFor(columns.body(index), this.indexOf(key), key, true);
    }
    this.write(index, columns.live(index) ? MODIFIED : ADDED, columns.body(index));
    return this.revisionValue;
  }

  /** A write outside the resource prefix: the revision moves, nothing is stored or logged. */
  writeOutside(): number {
    this.revisionValue++;
    return this.revisionValue;
  }

  /**
   * Compaction as the apiserver's compactor runs it: the marker-key write (outside the prefix,
   * revision + 1, no event), then etcd forgets every version not visible at or after `rev`.
   */
  compact(rev: number): void {
    this.writeOutside();
    if (!(rev <= this.revisionValue)) throw new Error(`kv: compact(${rev}) is a future revision`);
    if (rev <= this.compactedValue) return;
    this.compactedValue = rev;
    this.trimVersions(rev);
    this.log.dropOldest(this.log.firstAfter(rev - 1));
    this.counts.dropThrough(rev);
  }

  /** The pod stored at `key` now, or null. */
  current(key: string): Pod | null {
    return this.latestOf(this.indexOf(key));
  }

  /** The pod at `key` as of `rev`, or a 410 when `rev` was compacted. */
  getAt(
    key: string,
    rev: number,
  ): { ok: true; pod: Pod | null } | { ok: false; error: StatusError } {
    if (rev < this.compactedValue) return { ok: false, error: resourceExpired(LIST_TOO_OLD) };
    const index = this.indexOf(key);
    return { ok: true, pod: index === undefined ? null : this.visibleAt(index, rev) };
  }

  /**
   * Up to `limit` pods (0: all) under `prefix` as of `rev`, in key order, after `startAfterKey`
   * (exclusive; a continue key that is the last key + "\x00" lands in the same place). With
   * `keys`, each returned pod's key is pushed onto it: the cache's first list keys its store with
   * etcd's strings without looking 200 000 of them up again.
   */
  rangeAt(
    prefix: string,
    rev: number,
    limit: number,
    startAfterKey = "",
    keys?: string[],
  ): RangeResult {
    this.assertReadable(rev);
    if (rev < this.compactedValue) return { ok: false, error: resourceExpired(LIST_TOO_OLD) };
    const items: Pod[] = [];
    const from = startAfterKey > prefix ? startAfterKey : prefix;
    for (let i = this.lowerBound(from); i < this.sorted.length; i++) {
      const index = defined(this.sorted[i]);
      const key = this.columns.key(index);
      if (!key.startsWith(prefix)) break;
      if (key === startAfterKey) continue;
      const pod = this.visibleAt(index, rev);
      if (pod === null) continue;
      if (limit > 0 && items.length === limit)
        return { ok: true, revision: rev, items, more: true };
      items.push(pod);
      keys?.push(key);
    }
    return { ok: true, revision: rev, items, more: false };
  }

  /** How many pods `rangeAt(prefix, rev, 0)` would return, without materialising them. */
  countAt(prefix: string, rev: number): number {
    this.assertReadable(rev);
    if (this.holdsAllOf(prefix)) return this.counts.at(rev);
    let count = 0;
    for (let i = this.lowerBound(prefix); i < this.sorted.length; i++) {
      const index = defined(this.sorted[i]);
      if (!this.columns.key(index).startsWith(prefix)) break;
      if (this.visibleAt(index, rev) !== null) count++;
    }
    return count;
  }

  /**
   * Whether every key of the store is under `prefix`: the resource prefix or a prefix of it (the
   * client's "/pods", which the model's etcd store ranges over as given), as every key is made
   * under the resource prefix (`keyOf`).
   */
  holdsAllOf(prefix: string): boolean {
    return this.resourcePrefix.startsWith(prefix);
  }

  /** Absolute index of the first logged event with revision > `rev`, or null if compacted away. */
  firstEventAfter(rev: number): number | null {
    if (rev + 1 < this.compactedValue) return null;
    return this.log.base + this.log.firstAfter(rev);
  }

  /** Events the log's columns have room for, kept or not: what they occupy in memory. */
  get logCapacity(): number {
    return this.log.capacity;
  }

  /** The log's full chunks, absolute indexes [from, to), which runs of one scenario share. */
  get logSealed(): { from: number; to: number } {
    return this.log.sealed;
  }

  /** One past the newest logged event's absolute index. */
  get logEnd(): number {
    return this.log.base + this.log.length;
  }

  /** Where the event at an absolute index sits in the log's columns; throws outside them. */
  private logOffset(index: number): number {
    const offset = index - this.log.base;
    if (!(offset >= 0 && offset < this.log.length))
      throw new Error(`kv: event ${index} is not in the log`);
    return offset;
  }

  /**
   * The event at an absolute index in [firstEventAfter(compacted - 1), logEnd), made from the
   * log's columns. Its object is the key's live object when it is the newest version (so the
   * watch cache holds etcd's object, not a copy), else one made from the version's body.
   */
  eventAt(index: number): KvEvent {
    const offset = this.logOffset(index);
    const revision = this.log.revisionAt(offset);
    const type = this.log.typeAt(offset);
    const keyIndex = this.log.keyIndexAt(offset);
    const prevRevision = this.log.prevRevisionAt(offset);
    const prevBody = this.log.prevBodyAt(offset);
    const prevObject = prevBody === null ? null : podOf(prevBody, prevRevision);
    const object =
      type === DELETED
        ? podOf(defined(prevBody ?? undefined), revision)
        : this.versionObject(keyIndex, index, revision);
    const key = this.columns.key(keyIndex);
    return { revision, type: defined(TYPES[type]), key, object, prevObject };
  }

  /**
   * The event at `index`, as `eventAt` makes it but without the previous object, written into
   * `into`: the cache's watch reads 5 000 a second in the largest scenario and keeps none of
   * them, so an event object and a previous pod per event were garbage.
   */
  readEvent(index: number, into: KvWatchEvent): KvWatchEvent {
    const offset = this.logOffset(index);
    const revision = this.log.revisionAt(offset);
    const type = this.log.typeAt(offset);
    const keyIndex = this.log.keyIndexAt(offset);
    into.revision = revision;
    into.type = defined(TYPES[type]);
    into.key = this.columns.key(keyIndex);
    into.object =
      type === DELETED
        ? podOf(defined(this.log.prevBodyAt(offset) ?? undefined), revision)
        : this.versionObject(keyIndex, index, revision);
    return into;
  }

  /** The revision of the event at `index` (see `eventAt`), without making it. */
  revisionOfEvent(index: number): number {
    return this.log.revisionAt(this.logOffset(index));
  }

  /**
   * The pod's key under the prefix: one string per key for the process (lib/key-ids.ts
   * sharedKey), so maps keyed by it elsewhere (the watch cache's) find it by identity instead of
   * comparing characters, and runs side by side hold one copy.
   */
  keyOf(pod: Pick<Pod, "namespace" | "name">): string {
    return sharedKey(this.resourcePrefix, pod.namespace, pod.name);
  }

  /** The key's index while it has a version, else undefined; numbers no key. */
  private indexOf(key: string): number | undefined {
    const id = knownKeyId(key);
    const index = id >= 0 && id < this.indexById.length ? defined(this.indexById[id]) : -1;
    return index >= 0 ? index : undefined;
  }

  /** `existing`, or the index of a new key `key` for `spec`, not written yet. */
  private indexFor(spec: PodSpec, existing: number | undefined, key: string, owned = false) {
    if (existing !== undefined) return existing;
    const id = keyId(key);
    const index = this.columns.add(id, owned ? spec : bodyOf(spec));
    this.setIndexById(id, index);
    this.unsorted.push(index);
    return index;
  }

  private setIndexById(id: number, index: number): void {
    if (id >= this.indexById.length) {
      const grown = new Int32Array(grownLength(id, this.indexById.length)).fill(-1);
      grown.set(this.indexById);
      this.indexById = grown;
      this.indexByIdShared = false;
    } else if (this.indexByIdShared) {
      this.indexById = this.indexById.slice();
      this.indexByIdShared = false;
    }
    this.indexById[id] = index;
  }

  /**
   * Shares the key columns with other runs that hold equal ones. Every run of a scenario creates
   * the same keys at its start, in the same order, and changes them seldom after (a key created
   * or compacted away), so a parked run keeps only what its writes changed of its own.
   */
  private shareKeys(): void {
    this.columns.share();
    // Trimmed to the ids given so far: the run that gave them grew the column by doubling.
    const length = Math.min(this.indexById.length, keyIdCount());
    const exact =
      length === this.indexById.length ? this.indexById : this.indexById.slice(0, length);
    this.indexById = indexesById.seal(length, exact);
    this.indexByIdShared = true;
  }

  private write(index: number, type: EventTypeCode, spec: PodSpec): void {
    const columns = this.columns;
    const revision = ++this.revisionValue;
    // The live object's body: the key's body unless its newest version is a delete.
    const live = columns.live(index);
    const current = columns.body(index);
    const prevRevision = live ? columns.rev(index) : -1;
    this.log.push(revision, index, type, prevRevision, live ? current : null, columns.event(index));
    const body = type === DELETED ? null : sameBody(current, spec) ? current : bodyOf(spec);
    if (body !== current && !columns.varied(index)) {
      columns.setVaried(index, true);
      this.varied.add(index);
    }
    columns.written(index, revision, this.logEnd - 1, body);
    if (type !== MODIFIED) {
      const step = type === ADDED ? 1 : -1;
      this.liveCount += step;
      this.counts.record(revision, step, this.liveCount);
    }
  }

  /**
   * The object of the key's version written by the event at absolute index `index` (not a
   * delete): the live object for the newest, else its body, which the next version's event holds.
   */
  private versionObject(keyIndex: number, index: number, rev: number): Pod {
    const columns = this.columns;
    const newest = columns.event(keyIndex);
    if (index === newest) return columns.latestObject(keyIndex);
    if (!columns.varied(keyIndex)) return podOf(columns.body(keyIndex), rev);
    for (let next = newest; next > index; ) {
      const offset = this.logOffset(next);
      const prev = this.log.prevIndexAt(offset);
      if (prev === index) return podOf(defined(this.log.prevBodyAt(offset) ?? undefined), rev);
      next = prev;
    }
    throw new Error(`kv: ${columns.key(keyIndex)} has no version ${rev}`);
  }

  /**
   * The key's pod as of `rev` (not below the compacted revision), null when it had none or it was
   * deleted: the newest version at or below `rev`, found from the newest back along the log.
   */
  private visibleAt(keyIndex: number, rev: number): Pod | null {
    if (this.columns.rev(keyIndex) <= rev) return this.latestOf(keyIndex);
    const log = this.log;
    for (let event = this.columns.event(keyIndex); ; ) {
      // Newer than `rev`, so at or above the compacted revision: in the log.
      const offset = this.logOffset(event);
      const prev = log.prevIndexAt(offset);
      // A previous event compacted away was the newest version at or below the compacted revision.
      const prevRevision =
        prev >= log.base ? log.revisionAt(prev - log.base) : log.prevRevisionAt(offset);
      if (prev < log.base || prevRevision <= rev) {
        const body = log.prevBodyAt(offset);
        return body === null || prevRevision > rev ? null : podOf(body, prevRevision);
      }
      event = prev;
    }
  }

  /** The key's newest object, null when it has none or was deleted. */
  private latestOf(keyIndex: number | undefined): Pod | null {
    if (keyIndex === undefined || !this.columns.live(keyIndex)) return null;
    return this.columns.latestObject(keyIndex);
  }

  private assertReadable(rev: number): void {
    if (!(rev <= this.revisionValue)) {
      throw new Error(`kv: read at future revision ${rev} (current ${this.revisionValue})`);
    }
  }

  // Each key keeps its newest version at or below `rev` (still visible there) and everything
  // newer, which the log's kept events and the oldest one's previous version hold. A key whose
  // newest version is at or below `rev` keeps only that one: its body, or nothing if a delete.
  private trimVersions(rev: number): void {
    let removedKeys = false;
    const columns = this.columns;
    for (const index of this.varied) {
      if (columns.rev(index) > rev) continue;
      if (!columns.live(index)) {
        this.setIndexById(columns.id(index), -1);
        columns.unindex(index);
        removedKeys = true;
      }
      columns.setVaried(index, false);
      this.varied.delete(index);
    }
    if (removedKeys) {
      const kept = this.sorted.filter((i) => columns.indexed(i));
      this.sorted = sortedIndexes.seal(kept.length, kept);
      this.unsorted = this.unsorted.filter((i) => columns.indexed(i));
    }
  }

  /** The key indexes in key order, merging in those created since the last call. */
  private ordered(): Int32Array {
    if (this.unsorted.length === 0) return this.sorted;
    const columns = this.columns;
    const fresh = this.unsorted.sort((a, b) => (columns.key(a) < columns.key(b) ? -1 : 1));
    const sorted = this.sorted;
    const merged = new Int32Array(sorted.length + fresh.length);
    let i = 0;
    let m = 0;
    // Indexed: the start's merge of 200 000 keys runs once, in the interpreter.
    for (let f = 0; f < fresh.length; f++) {
      const index = defined(fresh[f]);
      const key = columns.key(index);
      while (i < sorted.length && columns.key(at(sorted, i)) < key) merged[m++] = at(sorted, i++);
      merged[m++] = index;
    }
    while (i < sorted.length) merged[m++] = at(sorted, i++);
    this.sorted = sortedIndexes.seal(merged.length, merged);
    this.unsorted = [];
    if (fresh.length >= SHARED_AFTER_KEYS) this.shareKeys();
    return this.sorted;
  }

  private lowerBound(key: string): number {
    const sorted = this.ordered();
    // Every consistent read's current-RV range asks for the same prefix; `sorted` is replaced,
    // never changed in place, so the last answer holds while it is the same array.
    if (key === this.bound.key && sorted === this.bound.sorted) return this.bound.index;
    const index = bisect(0, sorted.length, (i) => this.columns.key(at(sorted, i)) >= key);
    this.bound = { key, sorted, index };
    return index;
  }
}

const bodyOf = (spec: PodSpec): PodSpec => ({
  namespace: spec.namespace,
  name: spec.name,
  nodeName: spec.nodeName,
  labels: spec.labels,
});
