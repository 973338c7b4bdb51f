import type { Simulation } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";

// A parked run's heap in the worker, estimated from what dominates it: the history ring's events,
// etcd's log within the compaction window, and the pods held by etcd and the cache's store.
// Calibrated where the budget applies, Chromium's worker (pointer compression), after a forced
// GC: one run of 10 000 reads/s, 1000 writes/s and 100 watchers at 313 simulated seconds held
// 28.3 MB, against 1.4 MB for a worker that has just started: 67 bytes for each of its 404 000
// items, most of them etcd's log (docs/benchmarks.md, "Large cluster and heavy seeks"). Node,
// without pointer compression, holds about twice the estimate for the same run. Measure again
// when what a run keeps changes (`scripts/bench-time-travel.mjs` prints the estimate).

const BASE_BYTES = 1_000_000;
const BYTES_PER_ITEM = 70;

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
