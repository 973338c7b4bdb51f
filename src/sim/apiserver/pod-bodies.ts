import { type Pod, sameBody } from "../storage/pod.ts";

// One shared object per key for the body of its versions (every field but rv), so the history
// ring and the snapshots' undo log keep a version as its rv and a reference to that body instead
// of a pod object per event: a run's writes rewrite the same body, so a key needs one. A version
// is made again (`withRv`) only where a read returns it.

export class PodBodies {
  private readonly byKey = new Map<string, Pod>();

  /** A pod with `pod`'s body: the key's shared one when the body is unchanged, else `pod`. */
  share(key: string, pod: Pod): Pod {
    const shared = this.byKey.get(key);
    if (shared !== undefined && sameBody(shared, pod)) return shared;
    this.byKey.set(key, pod);
    return pod;
  }

  /** The key was deleted: a later create starts a new body. */
  forget(key: string): void {
    this.byKey.delete(key);
  }

  clear(): void {
    this.byKey.clear();
  }
}

/** The version of `body` at `rv`: `body` itself when it is that version, else a copy. */
export const withRv = (body: Pod, rv: number): Pod => (body.rv === rv ? body : { ...body, rv });
