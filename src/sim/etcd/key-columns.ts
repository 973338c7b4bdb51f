import { defined } from "../lib/at.ts";
import type { Pod } from "../storage/pod.ts";

/** A pod without its rv (kv.ts PodSpec). */
type PodSpec = Omit<Pod, "rv">;

// etcd's keys as columns by the key's index (the index the log names them by): the key string,
// its newest version's revision and event (side by side, one cache line), three flags, its body
// and its newest object once a read made it. A write names its key by index (kv.ts writeAt), and
// in the largest scenario 20 000 writes a second fall on random keys of 200 000: kept in a record
// per key they were two dependent loads (the record array, then the record) into 20 MB of
// records; in columns they are independent loads from a few MB, and the start makes no record.

const LIVE = 1;
const VARIED = 2;
const INDEXED = 4;
const INITIAL_KEYS = 1024;

export class KeyColumns {
  /** [2i]: key i's newest revision (0 before its first write); [2i + 1]: its event (-1). */
  private newest = new Float64Array(2 * INITIAL_KEYS);
  private flags = new Uint8Array(INITIAL_KEYS);
  private readonly bodies: PodSpec[] = [];
  private readonly keys: string[] = [];
  /**
   * The newest version's object once a read made it, then shared by every reader; stale once its
   * rv is not the newest revision. A write leaves it: 20 000 writes/s would otherwise make objects
   * that mostly no read asks for.
   */
  private readonly latest: (Pod | null)[] = [];

  /** Keys made so far. */
  get length(): number {
    return this.bodies.length;
  }

  /** A new key with `body`, not written yet and indexed; returns its index. */
  add(key: string, body: PodSpec): number {
    const index = this.bodies.length;
    if (index === this.flags.length) this.grow();
    this.bodies.push(body);
    this.keys.push(key);
    this.latest.push(null);
    this.newest[2 * index] = 0;
    this.newest[2 * index + 1] = -1;
    this.flags[index] = INDEXED;
    return index;
  }

  key(index: number): string {
    return defined(this.keys[index]);
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

  /** Its newest object: the one a read made if still the newest version, else made by `make`. */
  latestObject(index: number, make: (body: PodSpec, rv: number) => Pod): Pod {
    const rev = this.rev(index);
    const latest = this.latest[index] ?? null;
    if (latest !== null && latest.rv === rev) return latest;
    const made = make(this.body(index), rev);
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
  }
}
