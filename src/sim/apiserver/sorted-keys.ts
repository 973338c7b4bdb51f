// A sorted array of storage keys with binary search. Keys are ASCII, so JavaScript's string order
// equals Go's byte order. Inserts and deletes shift the array; the key set of a resource changes
// far less often than its objects do, so this stays cheap where a B-tree would be overkill.

import { at } from "../lib/at.ts";
import { bisect } from "../lib/bisect.ts";

export class SortedKeys {
  private readonly keys: string[] = [];
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
    this.keys.splice(i, 0, key);
    this.lastRange = null;
  }

  remove(key: string): void {
    const i = this.lowerBound(key);
    if (this.keys[i] !== key) return;
    this.keys.splice(i, 1);
    this.lastRange = null;
  }

  /** Replaces the contents with `keys` (any order, no duplicates). */
  reset(keys: string[]): void {
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.keys.length = 0;
    for (let i = 0; i < keys.length; i++) this.keys.push(keys[i] as string);
    this.lastRange = null;
  }
}
