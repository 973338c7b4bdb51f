import { FirstByKey } from "../lib/first-by-key.ts";
import { keyId, knownKeyId } from "../lib/key-ids.ts";
import { type Pod, sameBody } from "../storage/pod.ts";

// The body of a key's versions (every field but rv) as one object the process shares: the
// history ring, the snapshots' undo log and the store keep a version as its rv and a reference
// to that body, and a version is made again (`withRv`) only where a read returns it. Time travel
// parks whole runs of one scenario side by side (worker/checkpoints.ts); the first body met for
// a key (in any run) is the one every later equal body becomes, so their 150 000 pods are one
// set of bodies for all of them. A body equal to none of those is the run's own, kept by key
// number until the key's body changes again: what a run reads is what it wrote either way, and
// a body is never changed once made, so it may be another run's.

/** Each key number's first body met in the process. */
const firstBodies = new FirstByKey<Pod>();

/** A run's body per key number: the process's first one when equal, else the run's own. */
export class KeyBodies {
  /** Keys whose body is not their first body (none in the world, whose pods keep theirs). */
  private readonly own = new Map<number, Pod>();

  /** Keeps `pod`'s body for key `id`; returns the object kept, with `pod`'s body. */
  set(id: number, pod: Pod): Pod {
    const own = this.own.size === 0 ? undefined : this.own.get(id);
    if (own !== undefined && sameBody(own, pod)) return own;
    const first = firstBodies.first(id, pod);
    if (first === pod || sameBody(first, pod)) {
      if (own !== undefined) this.own.delete(id);
      return first;
    }
    this.own.set(id, pod);
    return pod;
  }

  /** The body kept for key `id`, which `set` was given since the last `drop` of it. */
  get(id: number): Pod {
    const own = this.own.size === 0 ? undefined : this.own.get(id);
    const body = own ?? firstBodies.get(id);
    if (body === null) throw new Error(`pod bodies: no body for key ${id}`);
    return body;
  }

  drop(id: number): void {
    if (this.own.size !== 0) this.own.delete(id);
  }

  clear(): void {
    this.own.clear();
  }
}

/** The shared body per key for the history ring and the undo log, by key string. */
export class PodBodies {
  private readonly bodies = new KeyBodies();

  /** A pod with `pod`'s body: the key's shared one when the body is unchanged, else `pod`. */
  share(key: string, pod: Pod): Pod {
    return this.bodies.set(keyId(key), pod);
  }

  /** The key was deleted: its own body, if it had one, goes. */
  forget(key: string): void {
    const id = knownKeyId(key);
    if (id >= 0) this.bodies.drop(id);
  }

  clear(): void {
    this.bodies.clear();
  }
}

/** The version of `body` at `rv`: `body` itself when it is that version, else a copy. */
export const withRv = (body: Pod, rv: number): Pod => (body.rv === rv ? body : { ...body, rv });
