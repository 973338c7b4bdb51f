import { defined } from "../lib/at.ts";
import { grownLength, keyId, knownKeyId } from "../lib/key-ids.ts";
import { RvColumn } from "../lib/rv-column.ts";
import type { LazyList } from "../storage/interfaces.ts";
import { type Pod, podField } from "../storage/pod.ts";
import { KeyBodies, withRv } from "./pod-bodies.ts";
import { SortedKeys } from "./sorted-keys.ts";

// The watch cache's current objects (upstream: store/store_btree.go, the B-tree indexer): each
// key's rv and body in columns by the key's number (lib/key-ids.ts), the keys in order for prefix
// lists, and the label/field indexes the cache was given. A stored pod is made again (`withRv`)
// where a read asks for it, from a body the process shares (pod-bodies.ts): a parked run of the
// large cluster holds 5 bytes a key of its own here, not a map entry and a pod. A key's number
// decides no order: lists walk the sorted key strings, index buckets are sorted by key.

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
  private count = 0;
  /** By key number: 1 when the key is stored. */
  private present = new Uint8Array(0);
  /** By key number: the stored object's rv. */
  private readonly rvs = new RvColumn(0);
  private readonly bodies = new KeyBodies();
  private readonly keys = new SortedKeys();
  private readonly indexes: Index[];
  /** The last list made: immutable, so the next one asked for the same range at once is it. */
  private lastList: StoreRange | null = null;

  constructor(indexers: readonly Indexer[]) {
    this.indexes = indexers.map((indexer) => ({ indexer, buckets: new Map() }));
  }

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    return this.hasId(knownKeyId(key));
  }

  /** `has` by the key's number (lib/key-ids.ts; -1 for a key never numbered). */
  hasId(id: number): boolean {
    return id >= 0 && this.present[id] === 1;
  }

  get(key: string): Pod | undefined {
    const id = knownKeyId(key);
    return id < 0 ? undefined : this.objectOf(id);
  }

  /** Stores `pod` under `key`. */
  put(key: string, pod: Pod): void {
    const id = keyId(key);
    this.mutations++;
    if (this.present[id] === 1) this.unindex(key, this.bodies.get(id));
    else {
      this.keys.insert(key);
      this.add(id);
    }
    this.write(id, pod);
    this.index(key, pod);
  }

  delete(key: string): void {
    const id = knownKeyId(key);
    if (id < 0 || this.present[id] !== 1) return;
    this.mutations++;
    this.unindex(key, this.bodies.get(id));
    this.present[id] = 0;
    this.count--;
    this.bodies.drop(id);
    this.keys.remove(key);
  }

  /**
   * Replaces every object: `pods[i]` under `keys[i]`. Two columns rather than an array of
   * pairs, and an indexed loop: a relist of 200 000 pods runs once, in the interpreter, where a
   * pair and an iterator result per pod were 400 000 objects the collector copied.
   */
  replace(keys: readonly string[], pods: readonly Pod[]): void {
    if (keys.length !== pods.length) throw new Error("store: replace with unpaired keys and pods");
    this.mutations++;
    this.present.fill(0);
    this.count = 0;
    this.bodies.clear();
    for (const ix of this.indexes) ix.buckets.clear();
    // Every key numbered first, so the columns grow once, not by doubling as the numbers come.
    let top = -1;
    for (let i = 0; i < keys.length; i++) top = Math.max(top, keyId(defined(keys[i])));
    if (top >= this.present.length) this.grow(top);
    const distinct: string[] = [];
    for (let i = 0; i < keys.length; i++) {
      const key = defined(keys[i]);
      const pod = defined(pods[i]);
      const id = keyId(key);
      if (this.present[id] !== 1) {
        this.add(id);
        distinct.push(key);
      }
      this.write(id, pod);
      this.index(key, pod);
    }
    this.keys.reset(distinct);
  }

  /** The objects whose keys start with `prefix`, from `fromKey` on (inclusive), in key order. */
  list(prefix: string, fromKey: string, rv: number): LazyList & { readonly indexUsed: "" } {
    const [from, end] = this.keys.range(prefix, fromKey);
    const last = this.lastList;
    // Reads resumed together list the same range at the same RV, thousands a second.
    if (last?.isRange(from, end, rv) === true) return last;
    const list = new StoreRange(this, from, end, rv);
    this.lastList = list;
    return list;
  }

  /** The objects at key positions [from, stop), for a lazy list made at `at` mutations. */
  itemsBetween(from: number, stop: number, at: number): Pod[] {
    this.assertUnchanged(at);
    const out: Pod[] = [];
    for (let i = from; i < stop; i++) out.push(this.objectAt(this.keys.at(i)));
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
        return keys.slice(0, max).map((k) => this.objectAt(k));
      },
    };
  }

  /** Every key in order, for snapshot views that merge the live store with older versions. */
  sortedKeys(): SortedKeys {
    return this.keys;
  }

  /** The stored object of key number `id`, made from its columns. */
  private objectOf(id: number): Pod | undefined {
    if (this.present[id] !== 1) return undefined;
    return withRv(this.bodies.get(id), this.rvs.get(id));
  }

  /** The stored object of `key`, which is stored. */
  private objectAt(key: string): Pod {
    const pod = this.objectOf(knownKeyId(key));
    if (pod === undefined) throw new Error(`store: ${key} is not stored`);
    return pod;
  }

  /** Key number `id` becomes stored (its columns grown to hold it). */
  private add(id: number): void {
    if (id >= this.present.length) this.grow(id);
    this.present[id] = 1;
    this.count++;
  }

  private write(id: number, pod: Pod): void {
    this.bodies.set(id, pod);
    this.rvs.set(id, pod.rv);
  }

  private grow(id: number): void {
    const length = grownLength(id, this.present.length);
    const present = new Uint8Array(length);
    present.set(this.present);
    this.present = present;
    this.rvs.grow(length);
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

  /** Whether this is the list of [from, end) at `rv` the store would make now. */
  isRange(from: number, end: number, rv: number): boolean {
    return (
      from === this.from &&
      end - from === this.count &&
      rv === this.rv &&
      this.at === this.store.mutations
    );
  }

  items(max = Number.POSITIVE_INFINITY): Pod[] {
    return this.store.itemsBetween(this.from, this.from + Math.min(this.count, max), this.at);
  }

  keyAt(i: number): string | undefined {
    return i >= 0 && i < this.count ? this.store.keyAt(this.from + i, this.at) : undefined;
  }
}
