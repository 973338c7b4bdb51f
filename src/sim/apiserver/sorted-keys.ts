// A sorted array of storage keys with binary search. Keys are ASCII, so JavaScript's string order
// equals Go's byte order. Inserts and deletes shift the array; the key set of a resource changes
// far less often than its objects do, so this stays cheap where a B-tree would be overkill. The
// runs time travel parks relist the same keys and the world's writes never add or remove one, so
// an array a reset sorts is kept once for the process (lib/sealed-chunks.ts, the whole array as
// one chunk) and copied only before a change: a parked large-cluster run holds no array of its
// 150 000 keys.

import { at, defined } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";
import { SealedChunks } from "../lib/sealed-chunks.ts";

/** The sorted key arrays of every reset in the process, one copy of each. */
const sealed = new SealedChunks<string[]>(
  (a, b) => a.length === b.length && a.every((key, i) => key === b[i]),
);

export class SortedKeys {
  private keys: string[] = [];
  /** `keys` may be another instance's (sealed): never changed, copied before a change. */
  private shared = false;
  /** The last range asked for: every consistent LIST asks for the same one between key changes. */
  private lastRange: { prefix: string; fromKey: string; range: readonly [number, number] } | null =
    null;

  get size(): number {
    return this.keys.length;
  }

  at(i: number): string {
    const key = this.keys[i];
    if (key === undefined) throw new Error(`sorted keys: index ${i} out of range`);
    return key;
  }

  /** The first index whose key is ≥ `key`. */
  lowerBound(key: string): number {
    const keys = this.keys;
    return bisect(0, keys.length, (i) => at(keys, i) >= key);
  }

  /** [from, end) of the keys that start with `prefix` and are ≥ `fromKey`. */
  range(prefix: string, fromKey: string): readonly [number, number] {
    const last = this.lastRange;
    if (last !== null && last.prefix === prefix && last.fromKey === fromKey) return last.range;
    const range = this.search(prefix, fromKey);
    this.lastRange = { prefix, fromKey, range };
    return range;
  }

  private search(prefix: string, fromKey: string): readonly [number, number] {
    const from = this.lowerBound(fromKey > prefix ? fromKey : prefix);
    const keys = this.keys;
    return [from, bisect(from, keys.length, (i) => !at(keys, i).startsWith(prefix))];
  }

  insert(key: string): void {
    const i = this.lowerBound(key);
    if (this.keys[i] === key) return;
    this.own().splice(i, 0, key);
    this.lastRange = null;
  }

  remove(key: string): void {
    const i = this.lowerBound(key);
    if (this.keys[i] !== key) return;
    this.own().splice(i, 1);
    this.lastRange = null;
  }

  /** Replaces the contents with `keys` (any order, no duplicates). */
  reset(keys: string[]): void {
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const sorted: string[] = [];
    for (let i = 0; i < keys.length; i++) sorted.push(defined(keys[i]));
    this.shared = sorted.length > 0;
    this.keys = this.shared ? sealed.seal(sorted.length, sorted) : sorted;
    this.lastRange = null;
  }

  /** The keys as this instance's own array, to change. */
  private own(): string[] {
    if (this.shared) {
      this.keys = this.keys.slice();
      this.shared = false;
    }
    return this.keys;
  }
}
