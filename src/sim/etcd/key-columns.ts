import { defined } from "../lib/at.ts";
import { keyOfId } from "../lib/key-ids.ts";
import type { Pod } from "../storage/pod.ts";
import { sharedPodOf } from "./pod-objects.ts";

/** A pod without its rv (kv.ts PodSpec). */
type PodSpec = Omit<Pod, "rv">;

// etcd's keys as columns by the key's index (the index the log names them by): the key's id
// (lib/key-ids.ts: its string is the process's), its newest version's revision and event (side
// by side, one cache line), three flags, its body and its newest object once a read made it. A
// write names its key by index (kv.ts writeAt), and in the largest scenario 20 000 writes a
// second fall on random keys of 200 000: kept in a record per key they were two dependent loads
// (the record array, then the record) into 20 MB of records; in columns they are independent
// loads from a few MB, and the start makes no record.
// What a key holds of its own in a run is these columns' slots: its body and newest object are
// the process's when another run made equal ones (world/pods.ts podSpec, pod-objects.ts).

const LIVE = 1;
const VARIED = 2;
const INDEXED = 4;
const INITIAL_KEYS = 1024;

export class KeyColumns {
  /** [2i]: key i's newest revision (0 before its first write); [2i + 1]: its event (-1). */
  private newest = new Float64Array(2 * INITIAL_KEYS);
  private flags = new Uint8Array(INITIAL_KEYS);
  private ids = new Int32Array(INITIAL_KEYS);
  private readonly bodies: PodSpec[] = [];
  /**
   * The newest version's object once a read made it, then shared by every reader; stale once its
   * rv is not the newest revision. A write leaves it: 20 000 writes/s would otherwise make objects
   * that mostly no read asks for. Kept per run although the object may be the process's: a run
   * hands out one object for a version however other runs interleave.
   */
  private readonly latest: (Pod | null)[] = [];

  /** Keys made so far. */
  get length(): number {
    return this.bodies.length;
  }

  /** A new key, numbered `id`, with `body`, not written yet and indexed; returns its index. */
  add(id: number, body: PodSpec): number {
    const index = this.bodies.length;
    if (index === this.flags.length) this.grow();
    this.bodies.push(body);
    this.ids[index] = id;
    this.latest.push(null);
    this.newest[2 * index] = 0;
    this.newest[2 * index + 1] = -1;
    this.flags[index] = INDEXED;
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
    return defined(this.newest[2 * index]);
  }
  /** Its newest version's event, an absolute log index (-1 before its first write). */
  event(index: number): number {
    return defined(this.newest[2 * index + 1]);
  }
  /** The body of its newest live version (or the one it was made with). */
  body(index: number): PodSpec {
    return defined(this.bodies[index]);
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
    this.newest[2 * index] = rev;
    this.newest[2 * index + 1] = event;
    const flags = defined(this.flags[index]);
    if (body === null) this.flags[index] = flags & ~LIVE;
    else {
      if (body !== this.bodies[index]) this.bodies[index] = body;
      this.flags[index] = flags | LIVE;
    }
  }

  /** Its newest object: the one a read made if still the newest version, else the process's. */
  latestObject(index: number): Pod {
    const rev = this.rev(index);
    const latest = this.latest[index] ?? null;
    if (latest !== null && latest.rv === rev) return latest;
    const made = sharedPodOf(this.id(index), this.body(index), rev);
    this.latest[index] = made;
    return made;
  }

  setVaried(index: number, varied: boolean): void {
    const flags = defined(this.flags[index]);
    this.flags[index] = varied ? flags | VARIED : flags & ~VARIED;
  }

  /** Compaction removed every version: the key leaves the map and the sorted keys. */
  unindex(index: number): void {
    this.flags[index] = defined(this.flags[index]) & ~INDEXED;
  }

  private grow(): void {
    const newest = new Float64Array(2 * 2 * this.flags.length);
    newest.set(this.newest);
    this.newest = newest;
    const flags = new Uint8Array(2 * this.flags.length);
    flags.set(this.flags);
    this.flags = flags;
    const ids = new Int32Array(2 * this.ids.length);
    ids.set(this.ids);
    this.ids = ids;
  }
}
