import type { Simulation } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";

// A parked run's heap, estimated from what dominates it: the history ring's events, etcd's log
// within the compaction window, and the pods held by etcd and the cache's store. Measured in
// Node after a full GC (docs/benchmarks.md, "Time travel"): 200–245 bytes per item on top of
// about 1.5 MB, from the default scenario (4 MB) to 10 000 reads/s and 1 000 writes/s (76 MB).

const BASE_BYTES = 1_500_000;
const BYTES_PER_ITEM = 250;

export function estimateRunBytes(run: HostedRun): number {
  return simulationBytes(run.main) + (run.twin === null ? 0 : simulationBytes(run.twin));
}

function simulationBytes(run: Simulation): number {
  const { kv, cache } = run.world;
  const logged =
    kv.logEnd - (kv.firstEventAfter(Math.max(0, kv.compactedRevision - 1)) ?? kv.logEnd);
  const items = cache.history.size + logged + kv.podCount + cache.storage.store.size;
  return BASE_BYTES + BYTES_PER_ITEM * items;
}
