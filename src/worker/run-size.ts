import type { Simulation } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";

// A parked run's heap in the worker, estimated from what dominates it: the history ring's events,
// etcd's log within the compaction window, and the pods held by etcd and the cache's store.
// Calibrated where the budget applies, Chromium's worker (pointer compression), after a forced
// GC (docs/benchmarks.md, "Large cluster and heavy seeks"): one run of 10 000 reads/s, 1000
// writes/s and 100 watchers at 313 simulated seconds held 28.3 MB (102 400 ring events, 300 000
// log entries, 1000 pods), against 1.4 MB for a worker that has just started; one run of the
// large cluster at 130 s held 114 MB, most of it its 150 000 pods, about 220 bytes each in etcd
// and in the store. Node, without pointer compression, holds about twice the estimate. Measure
// again when what a run keeps changes (`scripts/bench-time-travel.mjs` prints the estimate).

const BASE_BYTES = 1_000_000;
const BYTES_PER_RING_EVENT = 100;
const BYTES_PER_LOG_ENTRY = 60;
const BYTES_PER_POD = 220;

export function estimateRunBytes(run: HostedRun): number {
  return simulationBytes(run.main) + (run.twin === null ? 0 : simulationBytes(run.twin));
}

/** What the estimate counts in one simulation. */
export function runItems(run: Simulation): {
  ringEvents: number;
  logEntries: number;
  pods: number;
} {
  const { kv, cache } = run.world;
  const logEntries =
    kv.logEnd - (kv.firstEventAfter(Math.max(0, kv.compactedRevision - 1)) ?? kv.logEnd);
  return {
    ringEvents: cache.history.size,
    logEntries,
    pods: kv.podCount + cache.storage.store.size,
  };
}

function simulationBytes(run: Simulation): number {
  const { ringEvents, logEntries, pods } = runItems(run);
  return (
    BASE_BYTES +
    BYTES_PER_RING_EVENT * ringEvents +
    BYTES_PER_LOG_ENTRY * logEntries +
    BYTES_PER_POD * pods
  );
}
