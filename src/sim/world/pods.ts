import type { EtcdKv, PodSpec } from "../etcd/kv.ts";

// The pods of a run: `pod-<i>` in one namespace, unscheduled and unlabelled. Every read is a LIST
// of the whole prefix with no selectors, so nothing else about them is observable.

export const POD_PREFIX = "/pods/";
const NAMESPACE = "default";
const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});

export const podSpec = (index: number): PodSpec => ({
  namespace: NAMESPACE,
  name: `pod-${index}`,
  nodeName: "",
  labels: NO_LABELS,
});

/**
 * Each pod's key index in etcd (`kv.keyIndex`), known from its creation or looked up at its first
 * write: a write by index hashes no strings. A column, not an array filled at random places,
 * which V8 would keep as a hash table.
 */
export class PodIndexes {
  private readonly indexes: Int32Array;
  private readonly kv: EtcdKv;

  constructor(kv: EtcdKv, pods: number) {
    this.kv = kv;
    this.indexes = new Int32Array(pods).fill(-1);
  }

  /** Creates pods 0 … count − 1 in etcd. */
  createFirst(count: number): void {
    for (let i = 0; i < count; i++) this.indexes[i] = this.kv.insert(podSpec(i), true);
  }

  /** Pod `i`'s key index (its record is made at the first write of a pod never created). */
  of(i: number): number {
    const known = this.indexes[i] ?? -1;
    if (known >= 0) return known;
    const index = this.kv.keyIndex(podSpec(i));
    this.indexes[i] = index;
    return index;
  }
}
