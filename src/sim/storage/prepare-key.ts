// A recursive read's key ends with "/", so "/pods/a" does not also match "/pods/ab" (upstream:
// pkg/storage/util.go PrepareKey, its recursive part; the cacher's LIST and WATCH both call it).

// upstream: storage.PrepareKey
export function prepareKey(key: string, recursive: boolean): string {
  return recursive && !key.endsWith("/") ? `${key}/` : key;
}
