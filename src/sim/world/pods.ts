import type { EtcdKv, PodSpec } from "../etcd/kv.ts";
import { defined } from "../lib/at.ts";

// The pods of a run: `pod-<i>` in one namespace, unscheduled and unlabelled. Every read is a LIST
// of the whole prefix with no selectors, so nothing else about them is observable.

export const POD_PREFIX = "/pods/";
const NAMESPACE = "default";
const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});
/** Every spec `podSpec` made, by index; bounded by the scenarios' pods (at most 200 000). */
const specs: PodSpec[] = [];

/**
 * Pod `index`'s spec, made once per process: every run of every scenario has the same pods, and
 * etcd keeps a spec as the key's body (kv.ts insert `owned`), so the runs time travel parks share
 * them and their names. Never changed: etcd's bodies are replaced, not written into.
 */
export function podSpec(index: number): PodSpec {
  if (!(Number.isSafeInteger(index) && index >= 0)) throw new Error(`pods: no pod ${index}`);
  // Grown in order, so the column stays packed (one filled at random places is a hash table).
  for (let i = specs.length; i <= index; i++) {
    specs.push({ namespace: NAMESPACE, name: `pod-${i}`, nodeName: "", labels: NO_LABELS });
  }
  return defined(specs[index]);
}

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
    const index = this.kv.keyIndex(podSpec(i), true);
    this.indexes[i] = index;
    return index;
  }
}
