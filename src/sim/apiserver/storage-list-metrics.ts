import type { Labels, MetricsRegistry, Sample } from "../metrics/registry.ts";
import { atLeast, type K8sVersion } from "../scenario/k8s-version.ts";

// apiserver_storage_list_{total,fetched_objects,evaluated_objects,returned_objects}_total: what a
// LIST cost the storage that served it. ≤ 1.36 (upstream: etcd3/metrics RecordStorageListMetrics,
// called by etcd3/store.go GetList, failed lists included): etcd only, labelled group and
// resource (1.33: resource alone, the group-resource string). 1.37 (storage/metrics
// RecordStorageListMetrics): a `storage` label, `etcd` from etcd3's GetList and `watchcache` from
// the cacher's RecordListCacheMetrics (nothing evaluated); total and fetched carry `index` too.
// The deprecated apiserver_cache_list_* beside them stay in metrics.ts.

export type StorageBackend = "etcd" | "watchcache";

export interface StorageListMetrics {
  record(
    storage: StorageBackend,
    index: string,
    fetched: number,
    evaluated: number,
    returned: number,
  ): void;
}

const FAMILIES = {
  lists: ["apiserver_storage_list_total", "Number of LIST requests served from storage"],
  fetched: [
    "apiserver_storage_list_fetched_objects_total",
    "Number of objects read from storage in the course of serving a LIST request",
  ],
  evaluated: [
    "apiserver_storage_list_evaluated_objects_total",
    "Number of objects tested in the course of serving a LIST request from storage",
  ],
  returned: [
    "apiserver_storage_list_returned_objects_total",
    "Number of objects returned for a LIST request from storage",
  ],
} as const;

type Part = keyof typeof FAMILIES;
/** 1.37: the parts labelled by index as well. */
const BY_INDEX: ReadonlySet<Part> = new Set(["lists", "fetched"]);

type Children = Record<Part, Sample>;

export function registerStorageListMetrics(
  registry: MetricsRegistry,
  version: K8sVersion,
  group: string,
  resource: string,
): StorageListMetrics {
  const split = atLeast(version, "1.37");
  const base: Labels = atLeast(version, "1.34")
    ? { group, resource }
    : { resource: group === "" ? resource : `${resource}.${group}` };
  const families = {} as Record<Part, ReturnType<MetricsRegistry["counter"]>>;
  for (const [part, [name, help]] of Object.entries(FAMILIES) as [Part, readonly string[]][]) {
    const extra = split ? (BY_INDEX.has(part) ? ["storage", "index"] : ["storage"]) : [];
    families[part] = registry.counter(name as string, `[ALPHA] ${help}`, [
      ...Object.keys(base),
      ...extra,
    ]);
  }
  const childrenOf = (storage: StorageBackend, index: string): Children => {
    const labels = (part: Part): Labels => {
      if (!split) return base;
      return BY_INDEX.has(part) ? { ...base, storage, index } : { ...base, storage };
    };
    return {
      lists: families.lists.lazy(labels("lists")),
      fetched: families.fetched.lazy(labels("fetched")),
      evaluated: families.evaluated.lazy(labels("evaluated")),
      returned: families.returned.lazy(labels("returned")),
    };
  };
  // Found once per storage and index: the cache counts every LIST it serves.
  const known = new Map<string, Children>();
  return {
    record(storage, index, fetched, evaluated, returned) {
      if (storage === "watchcache" && !split) return;
      const key = `${storage}\u0000${index}`;
      let children = known.get(key);
      if (children === undefined) {
        children = childrenOf(storage, index);
        known.set(key, children);
      }
      children.lists.inc();
      children.fetched.inc(fetched);
      children.evaluated.inc(evaluated);
      children.returned.inc(returned);
    },
  };
}
