import { defined } from "../lib/at.ts";
import { keyOfId } from "../lib/key-ids.ts";
import { RvColumn } from "../lib/rv-column.ts";
import { SealedChunks, sameBytes } from "../lib/sealed-chunks.ts";
import type { Pod } from "../storage/pod.ts";
import { firstBodyOf, sharedPodOf, sharesFirstBody } from "./pod-objects.ts";

/** A pod without its rv (kv.ts PodSpec). */
type PodSpec = Omit<Pod, "rv">;

// etcd's keys as columns by the key's index (the index the log names them by): the key's id
// (lib/key-ids.ts: its string is the process's), its newest version's revision and event (side
// by side, one cache line, 4 bytes each: lib/rv-column.ts) and four flags. A write names its key by index (kv.ts writeAt), and
// in the largest scenario 20 000 writes a second fall on random keys of 200 000: kept in a record
// per key they were two dependent loads (the record array, then the record) into 20 MB of
// records; in columns they are independent loads from a few MB, and the start makes no record.
// A key's body and newest object are the process's (pod-objects.ts) unless its body differs from
// the first one the process met for it: time travel's parked runs share them. The ids and flags
// are the same in every run of a scenario once its start has created its pods, and change
// seldom after (a key created or compacted away), so they are shared too until a run changes
// them (`share`); what a key holds of its own in a run is then its newest revision and event.

const LIVE = 1;
const VARIED = 2;
const INDEXED = 4;
/** Its body is the run's own (`own`), not the process's first one for its key. */
const OWN_BODY = 8;
const INITIAL_KEYS = 1024;

interface Shared {
  readonly ids: Int32Array<ArrayBuffer>;
  readonly flags: Uint8Array<ArrayBuffer>;
}

/** The ids and flags `share` met, one copy of equal ones (lib/sealed-chunks.ts). */
const sharedColumns = new SealedChunks<Shared>(
  (a, b) => sameBytes(a.ids, b.ids) && sameBytes(a.flags, b.flags),
);

export class KeyColumns {
  /** [2i]: key i's newest revision (0 before its first write); [2i + 1]: its event (-1). */
  private readonly newest = new RvColumn(2 * INITIAL_KEYS);
  private flags: Uint8Array<ArrayBuffer> = new Uint8Array(INITIAL_KEYS);
  private ids: Int32Array<ArrayBuffer> = new Int32Array(INITIAL_KEYS);
  private count = 0;
  /**
   * What `share` kept, when `ids` and `flags` may be other runs' too: a change copies them first.
   * Held so that the process's weak reference to it lives as long as this run.
   */
  private shared: Shared | null = null;
  /** The bodies that are not their key's first (none in the world, whose pods keep theirs). */
  private readonly own = new Map<number, PodSpec>();

  /** Keys made so far. */
  get length(): number {
    return this.count;
  }

  /** Room for `keys` keys in all, so that a run's start fills its columns without copying them. */
  reserve(keys: number): void {
    if (keys > this.flags.length) this.grow(keys);
  }

  /** A new key, numbered `id`, with `body`, not written yet and indexed; returns its index. */
  add(id: number, body: PodSpec): number {
    const index = this.count;
    if (index === this.flags.length) this.grow(2 * index);
    else if (this.shared !== null) this.unshare();
    this.count++;
    this.ids[index] = id;
    this.newest.set(2 * index, 0);
    this.newest.set(2 * index + 1, -1);
    this.flags[index] = INDEXED;
    this.setBody(index, body);
    return index;
  }

  key(index: number): string {
    return keyOfId(this.id(index));
  }
  /** Its number for the process (lib/key-ids.ts), which orders nothing. */
  id(index: number): number {
    return defined(this.ids[index]);
  }
  /** Its newest version's revision, 0 before its first write. */
  rev(index: number): number {
    return this.newest.get(2 * index);
  }
  /** Its newest version's event, an absolute log index (-1 before its first write). */
  event(index: number): number {
    return this.newest.get(2 * index + 1);
  }
  /** The body of its newest live version (or the one it was made with). */
  body(index: number): PodSpec {
    if ((defined(this.flags[index]) & OWN_BODY) !== 0) return defined(this.own.get(index));
    return firstBodyOf(this.id(index));
  }
  /** Its newest version is not a delete (false before its first write). */
  live(index: number): boolean {
    return (defined(this.flags[index]) & LIVE) !== 0;
  }
  /** A version it may still be read at is a delete or has another body than `body`. */
  varied(index: number): boolean {
    return (defined(this.flags[index]) & VARIED) !== 0;
  }
  /** In etcd's key map and its sorted keys; false once compaction removed every version. */
  indexed(index: number): boolean {
    return (defined(this.flags[index]) & INDEXED) !== 0;
  }

  /** A write: the newest version is `rev` at `event`, with `body` (null: a delete). */
  written(index: number, rev: number, event: number, body: PodSpec | null): void {
    this.newest.set(2 * index, rev);
    this.newest.set(2 * index + 1, event);
    const flags = defined(this.flags[index]);
    if (body === null) this.setFlags(index, flags & ~LIVE);
    else {
      this.setFlags(index, flags | LIVE);
      if (body !== this.body(index)) this.setBody(index, body);
    }
  }

  /**
   * Its newest object, shared by every reader while it is the newest version. A write leaves it:
   * 20 000 writes/s would otherwise make objects that mostly no read asks for.
   */
  latestObject(index: number): Pod {
    return sharedPodOf(this.id(index), this.body(index), this.rev(index));
  }

  setVaried(index: number, varied: boolean): void {
    const flags = defined(this.flags[index]);
    this.setFlags(index, varied ? flags | VARIED : flags & ~VARIED);
  }

  /** Compaction removed every version: the key leaves the map and the sorted keys. */
  unindex(index: number): void {
    this.setFlags(index, defined(this.flags[index]) & ~INDEXED);
  }

  /** Keeps `body` as the key's: the process's first body for it when equal, else the run's own. */
  private setBody(index: number, body: PodSpec): void {
    const flags = defined(this.flags[index]);
    if (sharesFirstBody(this.id(index), body)) {
      if ((flags & OWN_BODY) !== 0) this.own.delete(index);
      this.setFlags(index, flags & ~OWN_BODY);
    } else {
      this.own.set(index, body);
      this.setFlags(index, flags | OWN_BODY);
    }
  }

  /**
   * Takes another run's ids and flags when equal to these: after a start's bulk creates (kv.ts
   * `ordered`). From now on they are treated as shared, whichever run's copy is kept.
   */
  share(): void {
    const kept = sharedColumns.seal(this.count, { ids: this.ids, flags: this.flags });
    this.ids = kept.ids;
    this.flags = kept.flags;
    this.shared = kept;
  }

  /** Writes key `index`'s flags, only when they change: a shared column is copied first. */
  private setFlags(index: number, flags: number): void {
    if (flags === this.flags[index]) return;
    if (this.shared !== null) this.unshare();
    this.flags[index] = flags;
  }

  private unshare(): void {
    this.ids = this.ids.slice();
    this.flags = this.flags.slice();
    this.shared = null;
  }

  private grow(keys: number): void {
    this.newest.grow(2 * keys);
    const flags = new Uint8Array(keys);
    flags.set(this.flags);
    this.flags = flags;
    const ids = new Int32Array(keys);
    ids.set(this.ids);
    this.ids = ids;
    this.shared = null;
  }
}
