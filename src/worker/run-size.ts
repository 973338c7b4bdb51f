import type { Simulation } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";

// A parked run's heap in the worker, estimated from what dominates it: the history ring's events,
// etcd's log within the compaction window, and the pods held by etcd and the cache's store.
// Calibrated where the budget applies, Chromium's worker (pointer compression), after a forced
// GC: one run of 10 000 reads/s, 1000 writes/s and 100 watchers at 318 simulated seconds held
// 39.7 MB, against 1.4 MB for a worker that has just started: 95 bytes for each of its 404 000
// items (docs/benchmarks.md, "Time travel"). Node, without pointer compression, holds about twice
// the estimate for the same run (200 bytes per item).

const BASE_BYTES = 1_000_000;
const BYTES_PER_ITEM = 100;

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
