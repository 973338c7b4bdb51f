import type { LazyList } from "../storage/interfaces.ts";
import { type Pod, podField } from "../storage/pod.ts";
import { SortedKeys } from "./sorted-keys.ts";

// The watch cache's current objects (upstream: store/store_btree.go, the B-tree indexer): a map
// by key, the keys in order for prefix lists, and the label/field indexes the cache was given.

/**
 * An `Indexer` (upstream: client-go cache.Indexers; the vectors' `Indexer`): a pod is indexed by
 * a label's value (if it has the label) or a field's.
 */
export interface Indexer {
  readonly name: string;
  readonly source: "label" | "field";
  readonly key: string;
}

function indexValue(indexer: Indexer, pod: Pod): string | undefined {
  return indexer.source === "label" ? pod.labels[indexer.key] : podField(pod, indexer.key);
}

interface Index {
  readonly indexer: Indexer;
  readonly buckets: Map<string, Set<string>>;
}

export class Store {
  /** Bumped on every change; lazy lists check it so a stale view fails loudly. */
  mutations = 0;
  private readonly byKey = new Map<string, Pod>();
  private readonly keys = new SortedKeys();
  private readonly indexes: Index[];

  constructor(indexers: readonly Indexer[]) {
    this.indexes = indexers.map((indexer) => ({ indexer, buckets: new Map() }));
  }

  get size(): number {
    return this.byKey.size;
  }

  get(key: string): Pod | undefined {
    return this.byKey.get(key);
  }

  /** Stores `pod` under `key`; returns the object it replaced. */
  put(key: string, pod: Pod): Pod | undefined {
    const prev = this.byKey.get(key);
    this.mutations++;
    if (prev === undefined) this.keys.insert(key);
    else this.unindex(key, prev);
    this.byKey.set(key, pod);
    this.index(key, pod);
    return prev;
  }

  delete(key: string): Pod | undefined {
    const prev = this.byKey.get(key);
    if (prev === undefined) return undefined;
    this.mutations++;
    this.unindex(key, prev);
    this.byKey.delete(key);
    this.keys.remove(key);
    return prev;
  }

  /**
   * Replaces every object: `pods[i]` under `keys[i]`. Two columns rather than an array of
   * pairs, and an indexed loop: a relist of 200 000 pods runs once, in the interpreter, where a
   * pair and an iterator result per pod were 400 000 objects the collector copied.
   */
  replace(keys: readonly string[], pods: readonly Pod[]): void {
    if (keys.length !== pods.length) throw new Error("store: replace with unpaired keys and pods");
    this.mutations++;
    this.byKey.clear();
    for (const ix of this.indexes) ix.buckets.clear();
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const pod = pods[i] as Pod;
      this.byKey.set(key, pod);
      this.index(key, pod);
    }
    this.keys.reset([...this.byKey.keys()]);
  }

  hasIndex(name: string): boolean {
    return this.indexes.some((ix) => ix.indexer.name === name);
  }

  /** The objects whose keys start with `prefix`, from `fromKey` on (inclusive), in key order. */
  list(prefix: string, fromKey: string, rv: number): LazyList & { readonly indexUsed: "" } {
    const [from, end] = this.keys.range(prefix, fromKey);
    return new StoreRange(this, from, end, rv);
  }

  /** The objects at key positions [from, stop), for a lazy list made at `at` mutations. */
  itemsBetween(from: number, stop: number, at: number): Pod[] {
    this.assertUnchanged(at);
    const out: Pod[] = [];
    for (let i = from; i < stop; i++) out.push(this.byKey.get(this.keys.at(i)) as Pod);
    return out;
  }

  /** The key at position `i`, for a lazy list made at `at` mutations. */
  keyAt(i: number, at: number): string {
    this.assertUnchanged(at);
    return this.keys.at(i);
  }

  // upstream: store_btree.go ByIndex (the bucket as is, before prefix and selector filtering)
  byIndex(name: string, value: string, rv: number): LazyList | undefined {
    const ix = this.indexes.find((i) => i.indexer.name === name);
    if (ix === undefined) return undefined;
    const bucket = ix.buckets.get(value);
    const at = this.mutations;
    return {
      rv,
      count: bucket?.size ?? 0,
      items: (max = Number.POSITIVE_INFINITY) => {
        this.assertUnchanged(at);
        const keys = bucket === undefined ? [] : [...bucket].sort();
        return keys.slice(0, max).map((k) => this.byKey.get(k) as Pod);
      },
    };
  }

  /** Every key in order, for snapshot views that merge the live store with older versions. */
  sortedKeys(): SortedKeys {
    return this.keys;
  }

  private assertUnchanged(at: number): void {
    if (this.mutations !== at)
      throw new Error("store: a lazy list was read after the store changed");
  }

  private index(key: string, pod: Pod): void {
    for (const ix of this.indexes) {
      const value = indexValue(ix.indexer, pod);
      if (value === undefined) continue;
      const bucket = ix.buckets.get(value);
      if (bucket === undefined) ix.buckets.set(value, new Set([key]));
      else bucket.add(key);
    }
  }

  private unindex(key: string, pod: Pod): void {
    for (const ix of this.indexes) {
      const value = indexValue(ix.indexer, pod);
      if (value === undefined) continue;
      const bucket = ix.buckets.get(value);
      bucket?.delete(key);
      if (bucket?.size === 0) ix.buckets.delete(value);
    }
  }
}

/** A key range of the live store, read only if someone asks for its items (most LISTs do not). */
class StoreRange implements LazyList {
  /** A key range is served without an index (the cacher's list metrics say so). */
  readonly indexUsed = "";
  readonly rv: number;
  readonly count: number;
  private readonly store: Store;
  private readonly from: number;
  private readonly at: number;

  constructor(store: Store, from: number, end: number, rv: number) {
    this.store = store;
    this.from = from;
    this.count = end - from;
    this.rv = rv;
    this.at = store.mutations;
  }

  items(max = Number.POSITIVE_INFINITY): Pod[] {
    return this.store.itemsBetween(this.from, this.from + Math.min(this.count, max), this.at);
  }

  keyAt(i: number): string | undefined {
    return i >= 0 && i < this.count ? this.store.keyAt(this.from + i, this.at) : undefined;
  }
}
