import type { EtcdKv, PodSpec } from "../etcd/kv.ts";
import { defined } from "../lib/at.ts";

// The pods of a run: `pod-<i>` in one namespace, unscheduled and unlabelled. Every read is a LIST
// of the whole prefix with no selectors, so nothing else about them is observable.

export const POD_PREFIX = "/pods/";
/**
 * The key a client's LIST of every pod reaches the storage with: the registry's key root, with no
 * trailing slash (upstream: registry/generic/registry/store.go KeyRootFunc gives "/pods"). The
 * cacher writes its continue tokens relative to it, so their start is "/default/pod-7\u0000",
 * where etcd's, relative to the prepared prefix "/pods/", is "default/pod-7\u0000".
 */
export const PODS_LIST_KEY = "/pods";
const NAMESPACE = "default";
const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});
/** Every spec `podSpec` made, by index; bounded by the scenarios' pods (at most 300 000). */
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
 * write: a write by index hashes no strings. The pods created at the start take consecutive
 * indexes, so only the later ones are kept, in a column (an array filled at random places is a
 * hash table to V8).
 */
export class PodIndexes {
  private readonly kv: EtcdKv;
  private readonly pods: number;
  /** Pods 0 … created − 1 are at key indexes first … first + created − 1. */
  private created = 0;
  private first = 0;
  /** Pod created + j's key index at [j], -1 before its first write; made at the first. */
  private later = new Int32Array(0);

  constructor(kv: EtcdKv, pods: number) {
    this.kv = kv;
    this.pods = pods;
  }

  /** Creates pods 0 … count − 1 in etcd. */
  createFirst(count: number): void {
    if (this.created !== 0 || this.later.length !== 0) throw new Error("pods: created twice");
    this.kv.reserve(count);
    for (let i = 0; i < count; i++) {
      const index = this.kv.insert(podSpec(i), true);
      if (i === 0) this.first = index;
      else if (index !== this.first + i) throw new Error(`pods: pod ${i} at key index ${index}`);
    }
    this.created = count;
  }

  /** Pod `i`'s key index (its record is made at the first write of a pod never created). */
  of(i: number): number {
    if (!(i >= 0 && i < this.pods)) throw new Error(`pods: no pod ${i} of ${this.pods}`);
    if (i < this.created) return this.first + i;
    if (this.later.length === 0) this.later = new Int32Array(this.pods - this.created).fill(-1);
    const known = this.later[i - this.created] ?? -1;
    if (known >= 0) return known;
    const index = this.kv.keyIndex(podSpec(i), true);
    this.later[i - this.created] = index;
    return index;
  }
}
