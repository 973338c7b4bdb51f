// What a LIST costs besides etcd's latency, fitted to KEP-2340's benchmark (docs/fidelity.md,
// "What a LIST costs"): 1 LIST/s with a label selector that selects nothing, over 300 000 × 1 KiB
// and 300 × 1 MiB configmaps, served by etcd and by the cache; every request costs 25 ms at all
// (its Baseline row, which the lab's row scenarios give etcd as its latency).

/** The cache's own walk: (499.32 − 25) ms over 300 000 objects (its cache, small objects row). */
export const CACHE_NS_PER_OBJECT = 1580;

/**
 * etcd's cost per object returned. Both etcd rows carry 300 MiB, so the one steady row cannot
 * split objects from bytes: the apiserver filters every object etcd returns as the cache filters
 * its own, so this is the cache's cost, a lower bound (the saturated small-object row says more).
 */
export const ETCD_NS_PER_OBJECT = CACHE_NS_PER_OBJECT;

/** etcd's cost per 2 KiB returned: (1438.49 − 25 − 0.47) ms over 300 MiB (etcd, large objects). */
export const ETCD_NS_PER_2KIB = 9200;

/** The bytes `ETCD_NS_PER_2KIB` is for. */
export const COST_BYTES = 2048;

/** etcd's cost terms, in nanoseconds: before the fit, 0 per object and 10 000 per 2 KiB. */
export interface EtcdCostTerms {
  readonly nsPerObject: number;
  readonly nsPer2KiB: number;
}

/** The one-term cost every run had before the fit (a script without cost fields keeps it). */
export const FLAT_ETCD_COST: EtcdCostTerms = { nsPerObject: 0, nsPer2KiB: 10_000 };

/** What returning `objects` objects of `objectBytes` each adds to a range request's service. */
export const transferNs = (objects: number, objectBytes: number, cost: EtcdCostTerms): number =>
  Math.ceil(objects * cost.nsPerObject + (objects * objectBytes * cost.nsPer2KiB) / COST_BYTES);

/** What the cache's walk over `objects` objects adds before a LIST it serves is answered. */
export const cacheWalkNs = (objects: number, nsPerObject: number): number =>
  Math.ceil(objects * nsPerObject);
