import type { Simulation } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";
import { alone, type SharedSpan, type Weight } from "./run-weight.ts";

// A parked run's heap in the worker, estimated from what dominates it, counted as the memory it
// occupies (a column's slots, not only its live entries): the history ring's columns, etcd's
// log columns, the snapshots' undo log, the events the cacher keeps for watchers that have not
// read them, the pods held by etcd and the cache's store (the process keeps most of a pod once
// for every run, a span they share; each run its columns by key), and two columns of times that
// grow when the cache lags behind etcd: the revision clock and the watch stream's backlog (8
// bytes a slot each, exact: Float64Array rings; the largest scenario held hundreds of MB in
// them). Calibrated where the budget applies, Chromium (pointer compression), after a forced GC
// with typed arrays' backing stores included: first a least-squares fit over 11 runs of the
// default, the heavy and the large-cluster scenarios from 60 to 900 simulated seconds, and the
// reads in flight fitted on the largest scenario's (`scripts/bench-run-size-browser.mjs`;
// docs/benchmarks.md at 97e105f, "Ring as columns"), then each rate set again from what a run held
// before and after its item's layout changed (the comments at each rate), so that the estimate
// stays above what was held (0.3 MB under for the default scenario's 4 MB, its model's code). Each
// rate also carries what grows with its item and is not counted apart (etcd's versions with its
// log). Measure again when what a run keeps changes. Runs parked side by side share the full chunks
// of the history ring, etcd's log, the dispatched events and the snapshots' list and undo log, and
// the process's pods; the rates of their shared part were checked with `bench-run-size-browser.mjs
// --parked` (docs/benchmarks.md at 97e105f, "Seeks from a denser grid", and "The estimate after
// etcd's and the snapshots' columns in 4 bytes").

const BASE_BYTES = 3_000_000;
/**
 * What of the base runs hold once between them, however many are parked: the fit was made on one
 * run in a worker, so the base carries what the worker holds once (the model's compiled code
 * and the like). A second run of the heavy scenario at one moment adds 1.9 to 2.1 MB in Chromium
 * (`bench-run-size-browser.mjs 600,600,450,450,300,300 --parked`, 2026-12-02 01:30 UTC), where
 * its own part by the estimate, with this much of the base counted once, is 2.2 to 2.9 MB. One
 * MB more of it since a dispatched event counts only its count: (b) and the large cluster held
 * 0.3–0.7 MB more at 60 s than estimated without it (docs/benchmarks.md at 97e105f, "Parked runs'
 * pods in the estimate").
 */
const SHARED_BASE_BYTES = 1_800_000;
/** RV, record time, type, key, two rvs and two body references (29 bytes) and the rest. */
const BYTES_PER_RING_SLOT = 37;
/** What runs of one scenario share of a ring slot once its chunk is full: all of it (another
 * run's bodies are equal to this one's, event-slots.ts). */
const BYTES_PER_SHARED_RING_SLOT = BYTES_PER_RING_SLOT;
/** Revision, key index, type, previous revision, event and body: 4 bytes each, 1 the type (21).
 * Measured: the revisions' move from 8 to 4 bytes took 8.0 to 8.2 bytes a log slot off what the
 * large cluster held at 60 and 300 s in Chromium (bench-run-size-browser.mjs 60,300, 14:05 UTC). */
const BYTES_PER_LOG_SLOT = 21;
/** What runs of one scenario share of a log slot once its chunk is full: all of it (another
 * run's bodies are equal to this one's, etcd/event-log.ts). */
const BYTES_PER_SHARED_LOG_SLOT = BYTES_PER_LOG_SLOT;
/**
 * The undo log's columns and the snapshot's rv, change number and size. 24 bytes under the 70
 * the doubles made: with every column but the bodies 4 bytes a slot (apiserver/undo-log.ts,
 * snapshot-list.ts), the large cluster held 14.7 MB less at 300 s in Chromium for its 600 014
 * changes (24.5 bytes each) and 3.1 MB less at 60 s, (b) 2.6 and 1.6 MB less at 300 and 60 s
 * (bench-run-size-browser.mjs, docs/benchmarks.md at 97e105f "The snapshots' undo log in 4 bytes").
 */
const BYTES_PER_SNAPSHOT_CHANGE = 46;
/** What they share of a snapshot once its chunk of the list is done: its rv, change number and
 * size (three 4-byte slots; counted within a change's rate, a snapshot a change in every
 * scenario). */
const BYTES_PER_SHARED_SNAPSHOT = 12;
/** What runs of one scenario share of an undo-log change once its chunk is full: the rest of a
 * change's rate. Its columns (key number, change number, previous rv, the key's previous change,
 * the body's reference) are 20 bytes; the rest is what the fit put with a change and a run does
 * not hold on its own: two runs at one moment differ by 3.3 MB in Chromium
 * (bench-run-size-browser.mjs 600,600 --parked) where a change's 14 bytes would make 1.5 MB of
 * the 4.8 MB they are said to hold alone. */
const BYTES_PER_SHARED_SNAPSHOT_CHANGE = BYTES_PER_SNAPSHOT_CHANGE - BYTES_PER_SHARED_SNAPSHOT;
/**
 * An event the cacher dispatched, kept until every watcher has read it: its running count (a
 * Float64Array, full chunks shared). Its slot's columns are the ring's (apiserver/event-slots.ts),
 * and its full chunks the ring's own while the cache has not relisted (apiserver/dispatch-log.ts):
 * spans of the ring's column, which cost nothing where the ring still holds them. It was an event
 * object and its pods, 185 bytes by the fit; with the events as columns, (b) held 12.8 MB at 60 s
 * in Chromium where it held 21.1 MB (docs/benchmarks.md at 97e105f, "The dispatched events as the
 * ring's columns"). The count's span is exact: a grid's points hold a minute of counts each, and at
 * a rate above 8 bytes their union over 10 minutes of a large cluster was 38 MB of the budget.
 */
const BYTES_PER_DISPATCH_COUNT = 8;
/** A dispatched event whose chunk is not the ring's: the ring's slot and its count. */
const BYTES_PER_DISPATCHED_EVENT = BYTES_PER_RING_SLOT + BYTES_PER_DISPATCH_COUNT;
/** A read etcd has not answered yet (queued or in service), with its request and its client's. */
const BYTES_PER_RANGE_IN_FLIGHT = 900;
/** A read parked until the cache is fresh, with its request and its client's. */
const BYTES_PER_WAITER = 1_100;
/**
 * One pod in etcd or in the store, the run's own part: the columns by key that every write changes
 * (etcd's newest revision and event, the store's rv, last change and flag). The rest of a pod
 * (its spec, name, key, body, newest object, the key's number, the sorted keys) is made once per
 * process for every run (lib/key-ids.ts, world/pods.ts, etcd/pod-objects.ts,
 * apiserver/pod-bodies.ts): a span all runs share, counted once. Measured in Chromium on the
 * large cluster (docs/benchmarks.md at 97e105f, "Parked runs' pods in the estimate"): a second run
 * at 60 s added 6.3 MB, 2.3 MB of it the estimate's other own items, so 13 bytes a pod; one run
 * held 48.1 MB at 10 s, 37 MB of it its 300 000 pods, so 110 bytes a pod shared. With etcd's
 * columns in 4 bytes (docs/benchmarks.md at 97e105f, "etcd's columns in 4 bytes") the own part
 * measured 9.3 bytes.
 */
const BYTES_PER_POD = 12;
/** What the process holds once of a pod, however many runs hold it. */
const BYTES_PER_SHARED_POD = 110;
/** A revision's time in the revision clock's column (world/revision-clock.ts), kept or not; runs
 * of one scenario share all of it once its chunk is full. */
const BYTES_PER_CLOCK_SLOT = 8;
/** An item's arrival time (or a bookmark's item and RV) in the watch stream's backlog rings. */
const BYTES_PER_BACKLOG_SLOT = 8;

/**
 * A client request watched until its deadline (world/request-deadlines.ts): its deadline in a
 * Float64Array and its reference (4 bytes under Chromium's pointer compression), a slot held or
 * not. Not fitted: a ring's slots are exact. The queue is swept of answered attempts as it
 * doubles, so it holds about what still waits (4 096 slots in the Large cluster at 600 s, where
 * unswept it held 8.4 million: 100 MB a run).
 */
const BYTES_PER_DEADLINE_SLOT = 12;
/**
 * A queued etcd range's deadline in etcd's deadline heap (etcd/range-queue.ts): key, sequence and
 * slot as three doubles and the item's slot (a small integer), a slot held or not. (b) keeps
 * about 64 000 at any time (each until its deadline, long after the range was served): 1.8 MB.
 */
const BYTES_PER_RANGE_DEADLINE_SLOT = 28;

/** What `run` holds alone: its own bytes and its shared spans, each slot counted once. */
export function estimateRunBytes(run: HostedRun): number {
  return alone(weighRun(run));
}

/** Every item at its rate: slots two columns hold in common (the ring's and the dispatch log's)
 * count twice, so only spans tell what a run holds (`alone`). */
function itemBytes(run: HostedRun): number {
  return simulationBytes(run.main) + (run.twin === null ? 0 : simulationBytes(run.twin));
}

/**
 * What `run` weighs beside other runs of its scenario: the full chunks of the history ring, of
 * etcd's log, of the cacher's dispatched events and of the snapshots' list and undo log are one copy for
 * all the runs that wrote them (`lib/sealed-chunks.ts`),
 * so they are spans counted once (`run-weight.ts`), and the rest of the estimate is its own.
 */
export function weighRun(run: HostedRun): Weight {
  const shared = [
    { column: "base", from: 0, to: 1, bytesPerSlot: SHARED_BASE_BYTES },
    // The process's pods: one copy whichever run, main or twin, counts them.
    ...[run.main, ...(run.twin ? [run.twin] : [])].map((sim) => ({
      column: "pods",
      from: 0,
      to: runItems(sim).pods,
      bytesPerSlot: BYTES_PER_SHARED_POD,
    })),
    ...sharedSpans("main", run.main),
    ...(run.twin ? sharedSpans("twin", run.twin) : []),
  ];
  const sharedBytes = shared.reduce((sum, s) => sum + (s.to - s.from) * s.bytesPerSlot, 0);
  return { own: itemBytes(run) - sharedBytes, shared };
}

function sharedSpans(name: string, run: Simulation): SharedSpan[] {
  const { kv, cache } = run.world;
  const snapshots = cache.storage.snapshots;
  const undo = snapshots?.undoLog.sealed ?? { from: 0, to: 0 };
  const list = snapshots?.listSealed ?? { from: 0, to: 0 };
  return [
    { column: `${name}:snapshot-list`, ...list, bytesPerSlot: BYTES_PER_SHARED_SNAPSHOT },
    { column: `${name}:ring`, ...cache.history.sealed, bytesPerSlot: BYTES_PER_SHARED_RING_SLOT },
    { column: `${name}:undo-log`, ...undo, bytesPerSlot: BYTES_PER_SHARED_SNAPSHOT_CHANGE },
    { column: `${name}:etcd-log`, ...kv.logSealed, bytesPerSlot: BYTES_PER_SHARED_LOG_SLOT },
    { column: `${name}:clock`, ...run.world.clock.sealed, bytesPerSlot: BYTES_PER_CLOCK_SLOT },
    ...dispatchedSpans(name, run),
  ];
}

/** The dispatch log's full chunks: the ring's column while they are the ring's chunks. */
function dispatchedSpans(name: string, run: Simulation): SharedSpan[] {
  const log = run.world.apiserver.cacher.dispatchLog;
  const span = log.sealed;
  if (!log.sealedAlongRing)
    return [{ column: `${name}:dispatched`, ...span, bytesPerSlot: BYTES_PER_DISPATCHED_EVENT }];
  return [
    { column: `${name}:ring`, ...span, bytesPerSlot: BYTES_PER_SHARED_RING_SLOT },
    { column: `${name}:dispatch-counts`, ...span, bytesPerSlot: BYTES_PER_DISPATCH_COUNT },
  ];
}

/** What the estimate counts in one simulation. */
export function runItems(run: Simulation) {
  const { kv, cache, apiserver, rangeStats } = run.world;
  return {
    rangesInFlight: rangeStats.inFlight,
    waiters: cache.waiterCount,
    ringSlots: cache.history.backingSlots,
    logSlots: kv.logCapacity,
    snapshotChanges: cache.storage.snapshots?.undoLog.held ?? 0,
    dispatchedEvents: apiserver.cacher.dispatchLog.held,
    pods: kv.podCount + cache.storage.store.size,
    clockSlots: run.world.clock.capacity,
    backlogSlots: run.world.stream.backlogSlots,
    deadlineSlots: run.world.reads.deadlines.slots,
    rangeDeadlineSlots: run.world.etcd.ranges.deadlineSlots,
  };
}

function simulationBytes(run: Simulation): number {
  const items = runItems(run);
  return (
    BASE_BYTES +
    BYTES_PER_RING_SLOT * items.ringSlots +
    BYTES_PER_LOG_SLOT * items.logSlots +
    BYTES_PER_SNAPSHOT_CHANGE * items.snapshotChanges +
    BYTES_PER_DISPATCHED_EVENT * items.dispatchedEvents +
    (BYTES_PER_POD + BYTES_PER_SHARED_POD) * items.pods +
    BYTES_PER_RANGE_IN_FLIGHT * items.rangesInFlight +
    BYTES_PER_WAITER * items.waiters +
    BYTES_PER_CLOCK_SLOT * items.clockSlots +
    BYTES_PER_BACKLOG_SLOT * items.backlogSlots +
    BYTES_PER_DEADLINE_SLOT * items.deadlineSlots +
    BYTES_PER_RANGE_DEADLINE_SLOT * items.rangeDeadlineSlots
  );
}
