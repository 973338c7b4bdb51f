// Storage keys, each made once per process and numbered. Time travel parks whole runs of one
// scenario side by side (worker/checkpoints.ts), and a large cluster's 150 000 keys, their
// strings and the maps that find them were most of what each parked run held of its own. With
// the key's string and its number shared, a run keeps per-key state in columns indexed by the
// number, with no map or string of its own.
//
// A number says which key, nothing else: it depends on the order in which the process first met
// its keys (another scenario, a test before this one), so no order a run shows may follow it —
// key order is the strings' order (SortedKeys, etcd's sorted indexes). Nothing here is ever
// dropped: the keys a process meets are bounded by the scenarios' pods (at most 200 000 keys
// under one prefix) and the tests' few.

const idByKey = new Map<string, number>();
const keyById: string[] = [];
/** prefix → namespace → name → key, so a key named by parts is found without building it. */
const byParts = new Map<string, Map<string, Map<string, string>>>();

/**
 * The last key looked up and its number: the watch cache looks one event's key up about twelve
 * times in a row (the store, the ring, the dispatch log, the snapshots), so most lookups are one
 * comparison of the string with itself instead of a hash lookup.
 */
let lastKey: string | null = null;
let lastId = -1;

/** The number of `key`, given at its first sight. */
export function keyId(key: string): number {
  if (key === lastKey) return lastId;
  let id = idByKey.get(key);
  if (id === undefined) {
    id = keyById.length;
    keyById.push(key);
    idByKey.set(key, id);
  }
  lastKey = key;
  lastId = id;
  return id;
}

/** The number of `key` if the process has met it, else -1 (a lookup that must not add one). */
export function knownKeyId(key: string): number {
  if (key === lastKey) return lastId;
  const id = idByKey.get(key);
  if (id === undefined) return -1;
  lastKey = key;
  lastId = id;
  return id;
}

/** The key numbered `id`. */
export function keyOfId(id: number): string {
  const key = keyById[id];
  if (key === undefined) throw new Error(`key-ids: no key numbered ${id}`);
  return key;
}

/** Keys numbered so far: every id is below it (a column indexed by id needs this many slots). */
export function keyIdCount(): number {
  return keyById.length;
}

/**
 * The one string for `prefix + namespace + "/" + name` (storage/pod.ts podKey), so maps keyed by
 * it anywhere find it by identity, and a write naming a pod by parts builds no string.
 */
export function sharedKey(prefix: string, namespace: string, name: string): string {
  let byNamespace = byParts.get(prefix);
  if (byNamespace === undefined) {
    byNamespace = new Map();
    byParts.set(prefix, byNamespace);
  }
  let byName = byNamespace.get(namespace);
  if (byName === undefined) {
    byName = new Map();
    byNamespace.set(namespace, byName);
  }
  let key = byName.get(name);
  if (key === undefined) {
    key = `${prefix}${namespace}/${name}`;
    byName.set(name, key);
  }
  return key;
}

/**
 * The length a column indexed by key number grows to so that it holds `id`: doubled, and at least
 * every key numbered so far, so that filling it key by key copies it rarely.
 */
export function grownLength(id: number, length: number): number {
  return Math.max(id + 1, keyIdCount(), 2 * length);
}
