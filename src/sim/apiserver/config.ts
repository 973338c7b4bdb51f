import type { ResolvedGates } from "../scenario/gates.ts";
import { atLeast, type K8sVersion } from "../scenario/k8s-version.ts";
import { type Nanos, seconds } from "../time.ts";

// What the apiserver model is configured with: the Kubernetes minor (its wait function differs:
// watch_cache.go waitUntilFreshLocked in 1.37, waitUntilFreshAndBlock before), the modelled gates, and the what-if switches the teaching layer exposes.

export const BLOCK_TIMEOUT_NS: Nanos = seconds(3); // upstream: watch_cache.go blockTimeout
export const DEFAULT_EVENT_FRESH_DURATION_NS: Nanos = seconds(75); // upstream: cacher.go DefaultEventFreshDuration

export interface WhatIf {
  /**
   * Every read that calls the wait function starts a wake-up timer, RV=0 included. On ≤1.36
   * that is dropping the `rv > 0` guard around the timer goroutine; on 1.37 the guard is dead
   * code (the early return does its work), so it is starting the timer before the fast path.
   */
  readonly noRvGuard: boolean;
  /** The ring resizes without the grow/shrink asymmetry (read by the history ring). */
  readonly noHysteresis: boolean;
}

export interface ApiserverConfig {
  readonly version: K8sVersion;
  readonly gates: ResolvedGates;
  /** How long a read waits for freshness before 504; upstream's is fixed at 3 s. */
  readonly blockTimeoutNs: Nanos;
  /**
   * From a waiter's deadline until its own timer's broadcast has woken it (ours, not upstream's:
   * a real clock's timer slack and scheduling; 0 is upstream's fake clock).
   */
  readonly timerLatencyNs: Nanos;
  readonly eventFreshDurationNs: Nanos;
  readonly whatif: WhatIf;
  /** etcd supports RequestWatchProgress (upstream: delegator/interface.go ConsistentReadSupported). */
  readonly consistentReadSupported: boolean;
  /**
   * Ours: what the cacher's walk over its list costs per object before it answers a LIST
   * (list-costs.ts), ns; absent, none (as in the oracle's harness, whose clock does not move).
   */
  readonly walkNsPerObject?: number;
  /**
   * When the cacher was made, relative to the run's t=0 (≤ 0): its periodic compactor polls
   * from then. 0 in scenarios; an oracle script's cacher is made 100 ms before its t=0.
   */
  readonly createdAtNs?: Nanos;
}

export const NO_WHATIF: WhatIf = { noRvGuard: false, noHysteresis: false };

/**
 * Whether reads may rely on progress requests (upstream: delegator/interface.go
 * ConsistentReadSupported): etcd support, and before 1.37 also the ConsistentListFromCache gate
 * (which 1.37 resolves to on, as the gate is gone).
 */
export const readsConsistentFromCache = (config: ApiserverConfig): boolean =>
  config.consistentReadSupported && config.gates.ConsistentListFromCache;

/** 1.37 returns at once when fresh; ≤1.36 (`waitUntilFreshAndBlock`) times and observes every RV>0 read. */
export const waitsOnlyWhenBehind = (version: K8sVersion): boolean => atLeast(version, "1.37");

/** What a read that hits the wall observes: its timer's 3 s, then the wake-up latency. */
export const timeoutObservationNs = (config: ApiserverConfig): Nanos =>
  config.blockTimeoutNs + config.timerLatencyNs;

/**
 * 1.33's delegator fetched etcd's current RV for a consistent LIST itself and passed the cacher a
 * NotOlderThan list at it; a failure of that quorum read returned before consistent_read_total
 * was counted (upstream: release-1.33 delegator.go GetList). 1.34+ fetch it in the watch cache
 * (watch_cache.go waitAndListConsistent), after the cacher's readiness check.
 */
export const currentRvInDelegator = (version: K8sVersion): boolean => !atLeast(version, "1.34");

/**
 * 1.34+ check the cache against etcd every 5 to 7.5 minutes (DetectCacheInconsistency, Beta, on;
 * 1.33 only with KUBE_WATCHCACHE_CONSISTENCY_CHECKER set): each check lists RV=0 from the cache,
 * then etcd at that RV (Exact, pages of 10 000), and counts apiserver_storage_consistency_checks_total.
 * The model does not run it; the Metrics panel says what a real scrape shows more (upstream:
 * cacher/consistency/checker.go, 1.34–1.36 delegator.go consistencyChecker).
 */
export const consistencyCheckerRuns = (version: K8sVersion): boolean => atLeast(version, "1.34");

/**
 * 1.34+ wait for a continuation's RV (the token's) before listing its snapshot. 1.33 waited for
 * the request's own RV, which a continuation does not carry (0), then listed the newest snapshot
 * at or below the token's RV and answered with the token's RV: a page above the cache's RV came
 * at once, with older data than its RV claims (upstream: release-1.33 watch_cache.go
 * WaitUntilFreshAndList, list, listExactRV; an upstream bug, shown as one).
 */
export const continuationWaitsForItsRv = (version: K8sVersion): boolean => atLeast(version, "1.34");

/**
 * 1.34+ start the cacher's compactor when ListFromCacheSnapshot is on: every 15 s it drops the
 * snapshots below etcd's compacted revision. 1.33 has none, so its snapshots go only with the
 * history ring's oldest event or at a relist, and an exact or continued LIST below a compaction can
 * still be served from the cache (upstream: cacher/compactor.go from release-1.34; release-1.33
 * cacher.go NewCacherFromConfig starts no compactor).
 */
export const compactorDropsSnapshots = (version: K8sVersion): boolean => atLeast(version, "1.34");

/** What whatif=noRvGuard takes away in this version's wait function, in words for the page. */
export const noRvGuardRemoves = (version: K8sVersion): string =>
  waitsOnlyWhenBehind(version)
    ? "the fast path's skip of the timer: every read starts a wake-up timer, RV=0 and fresh ones included (in 1.37 the rv > 0 guard itself is dead code: the early return does its work)"
    : "the rv > 0 guard around the timer goroutine: RV=0 reads start a wake-up timer too";

/**
 * 1.34+ estimate a LIST's cost from the object sizes the cache holds (SizeBasedListCostEstimate,
 * Beta on), and the estimator's key listing waits until the cache is fresh at etcd's current RV
 * (watch_cache.go WaitUntilFreshAndGetKeys): about once a minute per resource, with no client
 * read. The model does not run the estimator, so its scrape lacks those few waits.
 */
export const listCostEstimateWaits = (version: K8sVersion): boolean => atLeast(version, "1.34");
