import { at } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import { resourceExpired, type StatusError } from "../storage/errors.ts";
import type { Pod } from "../storage/pod.ts";
import { podKey } from "../storage/pod.ts";

// etcd's data: one global revision, the pods under the resource prefix as multi-version keys, and
// the log of pod events the cacher's watch reads. Compaction drops every version that can no
// longer be read, so memory follows the compaction window, not the run's length.

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

export type RangeResult =
  | {
      readonly ok: true;
      readonly revision: number;
      readonly items: Pod[];
      /** More keys follow the last returned one (etcd's `more`). */
      readonly more: boolean;
    }
  | { readonly ok: false; readonly error: StatusError };

interface KeyRecord {
  readonly key: string;
  /** Retained versions, oldest first; never empty while the record is indexed. */
  versions: KvEvent[];
  /** The newest version's object, null once deleted: every write reads it, so it is kept here. */
  latest: Pod | null;
}

// upstream: storage/etcd3/errors.go (the compacted-list message)
export const LIST_TOO_OLD = "The resourceVersion for the provided list is too old.";

export class EtcdKv {
  readonly resourcePrefix: string;
  private revisionValue: number;
  private compactedValue = 0;
  private readonly byKey = new Map<string, KeyRecord>();
  /** namespace → name → key: a write looks its key up by strings already hashed, not a new one. */
  private readonly keys = new Map<string, Map<string, string>>();
  /** Records sorted by key, so a range is a binary search and a walk ... */
  private sorted: KeyRecord[] = [];
  /** ... once the records created since the last read are merged in (bulk creates stay O(n log n)). */
  private unsorted: KeyRecord[] = [];
  /** Records with history to trim at the next compaction. */
  private readonly multiVersion = new Set<KeyRecord>();
  private readonly log: KvEvent[] = [];
  /** Absolute index of log[0]: cursors stay valid when the head is trimmed. */
  private logBase = 0;
  private liveCount = 0;
  /** (revision, pod count after it) at every create and delete, for counts at old revisions. */
  private readonly countRevs: number[] = [];
  private readonly counts: number[] = [];
  private countBase = 0;

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

  create(spec: PodSpec): KvEvent {
    const key = this.keyOf(spec);
    const record = this.byKey.get(key);
    if (latestOf(record) !== null) throw new Error(`kv: create of existing key ${key}`);
    return this.write(key, record, "ADDED", spec);
  }

  update(spec: PodSpec): KvEvent {
    const key = this.keyOf(spec);
    const record = this.byKey.get(key);
    if (latestOf(record) === null) throw new Error(`kv: update of missing key ${key}`);
    return this.write(key, record, "MODIFIED", spec);
  }

  delete(namespace: string, name: string): KvEvent {
    const key = podKey(this.resourcePrefix, { namespace, name });
    const existing = this.current(key);
    if (existing === null) throw new Error(`kv: delete of missing key ${key}`);
    return this.write(key, this.byKey.get(key), "DELETED", existing);
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
    this.trimLog(rev);
    this.trimCounts(rev);
  }

  /** The pod stored at `key` now, or null. */
  current(key: string): Pod | null {
    return latestOf(this.byKey.get(key));
  }

  /** The pod at `key` as of `rev`, or a 410 when `rev` was compacted. */
  getAt(
    key: string,
    rev: number,
  ): { ok: true; pod: Pod | null } | { ok: false; error: StatusError } {
    if (rev < this.compactedValue) return { ok: false, error: resourceExpired(LIST_TOO_OLD) };
    const record = this.byKey.get(key);
    return { ok: true, pod: record === undefined ? null : visibleAt(record, rev) };
  }

  /**
   * Up to `limit` pods (0: all) under `prefix` as of `rev`, in key order, after `startAfterKey`
   * (exclusive; a continue key that is the last key + "\x00" lands in the same place).
   */
  rangeAt(prefix: string, rev: number, limit: number, startAfterKey = ""): RangeResult {
    this.assertReadable(rev);
    if (rev < this.compactedValue) return { ok: false, error: resourceExpired(LIST_TOO_OLD) };
    const items: Pod[] = [];
    const from = startAfterKey > prefix ? startAfterKey : prefix;
    for (let i = this.lowerBound(from); i < this.sorted.length; i++) {
      const record = at(this.sorted, i);
      if (!record.key.startsWith(prefix)) break;
      if (record.key === startAfterKey) continue;
      const pod = visibleAt(record, rev);
      if (pod === null) continue;
      if (limit > 0 && items.length === limit)
        return { ok: true, revision: rev, items, more: true };
      items.push(pod);
    }
    return { ok: true, revision: rev, items, more: false };
  }

  /** How many pods `rangeAt(prefix, rev, 0)` would return, without materialising them. */
  countAt(prefix: string, rev: number): number {
    this.assertReadable(rev);
    if (prefix === this.resourcePrefix) return this.countAtRevision(rev);
    let count = 0;
    for (let i = this.lowerBound(prefix); i < this.sorted.length; i++) {
      const record = at(this.sorted, i);
      if (!record.key.startsWith(prefix)) break;
      if (visibleAt(record, rev) !== null) count++;
    }
    return count;
  }

  /** Absolute index of the first logged event with revision > `rev`, or null if compacted away. */
  firstEventAfter(rev: number): number | null {
    if (rev + 1 < this.compactedValue) return null;
    const log = this.log;
    return this.logBase + bisect(0, log.length, (i) => at(log, i).revision > rev);
  }

  /** One past the newest logged event's absolute index. */
  get logEnd(): number {
    return this.logBase + this.log.length;
  }

  /** The event at an absolute index in [firstEventAfter(compacted - 1), logEnd). */
  eventAt(index: number): KvEvent {
    const event = this.log[index - this.logBase];
    if (event === undefined) throw new Error(`kv: event ${index} is not in the log`);
    return event;
  }

  private keyOf(pod: Pick<Pod, "namespace" | "name">): string {
    let byName = this.keys.get(pod.namespace);
    if (byName === undefined) {
      byName = new Map();
      this.keys.set(pod.namespace, byName);
    }
    let key = byName.get(pod.name);
    if (key === undefined) {
      key = podKey(this.resourcePrefix, pod);
      byName.set(pod.name, key);
    }
    return key;
  }

  /** `record` is the key's record, undefined when the key has none. */
  private write(
    key: string,
    existing: KeyRecord | undefined,
    type: KvEventType,
    spec: PodSpec,
  ): KvEvent {
    const revision = ++this.revisionValue;
    let record = existing;
    const prevObject = latestOf(record);
    const object: Pod = {
      namespace: spec.namespace,
      name: spec.name,
      nodeName: spec.nodeName,
      labels: spec.labels,
      rv: revision,
    };
    const event: KvEvent = { revision, type, key, object, prevObject };
    if (record === undefined) {
      record = { key, versions: [], latest: null };
      this.byKey.set(key, record);
      this.unsorted.push(record);
    }
    record.versions.push(event);
    record.latest = type === "DELETED" ? null : object;
    // A record joins at its second version (or a delete) and leaves only when trimmed to one.
    if (record.versions.length === 2 || type === "DELETED") this.multiVersion.add(record);
    this.log.push(event);
    if (type !== "MODIFIED") {
      this.liveCount += type === "ADDED" ? 1 : -1;
      this.countRevs.push(revision);
      this.counts.push(this.liveCount);
    }
    return event;
  }

  private assertReadable(rev: number): void {
    if (!(rev <= this.revisionValue)) {
      throw new Error(`kv: read at future revision ${rev} (current ${this.revisionValue})`);
    }
  }

  private countAtRevision(rev: number): number {
    const i = lastAtOrBelow(this.countRevs, rev);
    return i < 0 ? this.countBase : at(this.counts, i);
  }

  // Keep each key's newest version at or below `rev` (still visible there) and everything newer.
  private trimVersions(rev: number): void {
    let removedKeys = false;
    for (const record of this.multiVersion) {
      const versions = record.versions;
      let keep = 0;
      while (keep + 1 < versions.length && at(versions, keep + 1).revision <= rev) keep++;
      const first = at(versions, keep);
      if (first.revision <= rev && first.type === "DELETED") keep++;
      if (keep > 0) record.versions = versions.slice(keep);
      if (record.versions.length === 0) {
        this.byKey.delete(record.key);
        removedKeys = true;
      }
      const last = record.versions[record.versions.length - 1];
      if (record.versions.length <= 1 && last?.type !== "DELETED") this.multiVersion.delete(record);
    }
    if (removedKeys) {
      this.sorted = this.sorted.filter((r) => r.versions.length > 0);
      this.unsorted = this.unsorted.filter((r) => r.versions.length > 0);
    }
  }

  // A watch may start at the compacted revision itself, so events at `rev` stay.
  private trimLog(rev: number): void {
    let drop = 0;
    while (drop < this.log.length && at(this.log, drop).revision < rev) drop++;
    this.log.splice(0, drop);
    this.logBase += drop;
  }

  private trimCounts(rev: number): void {
    const i = lastAtOrBelow(this.countRevs, rev);
    if (i < 0) return;
    this.countBase = at(this.counts, i);
    this.countRevs.splice(0, i + 1);
    this.counts.splice(0, i + 1);
  }

  /** The records in key order, merging in those created since the last call. */
  private ordered(): KeyRecord[] {
    if (this.unsorted.length === 0) return this.sorted;
    const fresh = this.unsorted.sort((a, b) => (a.key < b.key ? -1 : 1));
    const merged: KeyRecord[] = [];
    let i = 0;
    for (const record of fresh) {
      while (i < this.sorted.length && at(this.sorted, i).key < record.key)
        merged.push(at(this.sorted, i++));
      merged.push(record);
    }
    while (i < this.sorted.length) merged.push(at(this.sorted, i++));
    this.sorted = merged;
    this.unsorted = [];
    return merged;
  }

  private lowerBound(key: string): number {
    const sorted = this.ordered();
    return bisect(0, sorted.length, (i) => at(sorted, i).key >= key);
  }
}

/** The record's newest object, null when it has none or was deleted. */
function latestOf(record: KeyRecord | undefined): Pod | null {
  return record === undefined ? null : record.latest;
}

function visibleAt(record: KeyRecord, rev: number): Pod | null {
  const i = lastAtOrBelow(record.versions, rev);
  const version = record.versions[i];
  return version === undefined || version.type === "DELETED" ? null : version.object;
}

/** Index of the last element with revision ≤ rev (elements sorted ascending), or -1. */
function lastAtOrBelow(items: readonly (number | KvEvent)[], rev: number): number {
  const after = bisect(0, items.length, (i) => {
    const item = at(items, i);
    return (typeof item === "number" ? item : item.revision) > rev;
  });
  return after - 1;
}
