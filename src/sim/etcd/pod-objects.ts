import { smallInteger } from "../lib/small-integer.ts";
import type { Pod } from "../storage/pod.ts";

/** A pod without its rv (kv.ts PodSpec). */
type PodSpec = Omit<Pod, "rv">;

// The pod objects etcd's reads return. A key's newest object is made once per process, not per
// run: the reflector's first list reads every key at its creation revision and the watch cache
// keeps those objects, and every run of a scenario replayed from 0 s (time travel parks them
// side by side) makes the same ones — 150 000 of them in the large cluster. A pod is never
// changed once made (storage/pod.ts: readonly), so one run may hand out another's.

/** A key's newest object made so far in the process, by key id (lib/key-ids.ts). */
const newestById: (Pod | null)[] = [];

/** The pod of `body` at `rv`, a small integer (lib/small-integer.ts: one boxed rv boxes all). */
export const podOf = (body: PodSpec, rv: number): Pod => ({
  namespace: body.namespace,
  name: body.name,
  nodeName: body.nodeName,
  labels: body.labels,
  rv: smallInteger(rv),
});

/**
 * The pod of `body` at `rv` for key `id`: the process's last one for the key when it holds the
 * same values (labels by reference, as writes share them), else a new one, which becomes the last.
 */
export function sharedPodOf(id: number, body: PodSpec, rv: number): Pod {
  for (let i = newestById.length; i <= id; i++) newestById.push(null);
  const last = newestById[id] ?? null;
  if (
    last !== null &&
    last.rv === rv &&
    last.name === body.name &&
    last.namespace === body.namespace &&
    last.nodeName === body.nodeName &&
    last.labels === body.labels
  ) {
    return last;
  }
  const made = podOf(body, rv);
  newestById[id] = made;
  return made;
}
