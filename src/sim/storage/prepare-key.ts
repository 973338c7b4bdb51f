// A recursive read's key ends with "/", so "/pods/a" does not also match "/pods/ab" (upstream:
// pkg/storage/util.go PrepareKey, its recursive part; the cacher's LIST and WATCH both call it).

const SLASH = 0x2f;

// upstream: storage.PrepareKey
export function prepareKey(key: string, recursive: boolean): string {
  // The last character by code: `endsWith` is a builtin call on every cacher LIST.
  return recursive && key.charCodeAt(key.length - 1) !== SLASH ? `${key}/` : key;
}
