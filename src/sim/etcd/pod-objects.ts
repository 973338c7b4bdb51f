import { FirstByKey } from "../lib/first-by-key.ts";
import { smallInteger } from "../lib/small-integer.ts";
import { type Pod, sameBody } from "../storage/pod.ts";

/** A pod without its rv (kv.ts PodSpec). */
type PodSpec = Omit<Pod, "rv">;

// etcd's bodies and the pod objects its reads return, once per process by key id
// (lib/key-ids.ts), not per run: every run of a scenario replayed from 0 s (time travel parks
// them side by side) has the same 150 000 bodies in the large cluster, and the reflector's first
// list reads every key at its creation revision. A key's first body met in the process is the
// one every equal body becomes, and its newest object made is handed out again while it holds
// the values asked for. Neither is ever changed once made (storage/pod.ts: readonly), so a run
// may read another's, and what it reads is what it wrote either way.

/** Each key id's first body met in the process. */
const firstBodies = new FirstByKey<PodSpec>();
/** Each key id's newest object made so far in the process, null before one is. */
const newestPods: (Pod | null)[] = [];

/** The pod of `body` at `rv`, a small integer (lib/small-integer.ts: one boxed rv boxes all). */
export const podOf = (body: PodSpec, rv: number): Pod => ({
  namespace: body.namespace,
  name: body.name,
  nodeName: body.nodeName,
  labels: body.labels,
  rv: smallInteger(rv),
});

/** Whether `body` equals key `id`'s first body (labels by reference); it is the first if none was. */
export function sharesFirstBody(id: number, body: PodSpec): boolean {
  const first = firstBodies.first(id, body);
  return first === body || sameBody(first, body);
}

/** Key `id`'s first body (`sharesFirstBody` met one). */
export function firstBodyOf(id: number): PodSpec {
  const first = firstBodies.get(id);
  if (first === null) throw new Error(`pod objects: no body for key ${id}`);
  return first;
}

/**
 * The pod of `body` at `rv` for key `id`: the process's newest one for the key when it holds the
 * same values, else a new one, which becomes the newest.
 */
export function sharedPodOf(id: number, body: PodSpec, rv: number): Pod {
  while (newestPods.length <= id) newestPods.push(null);
  const newest = newestPods[id] ?? null;
  if (newest !== null && newest.rv === rv && sameBody(newest, body)) return newest;
  const made = podOf(body, rv);
  newestPods[id] = made;
  return made;
}
