import type { DelegationRow } from "../code-lines.ts";
import { defined } from "../lib/at.ts";
import { decodeContinue } from "../storage/continue-token.ts";
import { type ApiError, plainError } from "../storage/errors.ts";
import type { ListOptions } from "../storage/interfaces.ts";
import { type Parsed, parseResourceVersion } from "../storage/list-options.ts";

// Whether a LIST goes to etcd, and whether it counts as a consistent read (upstream: cacher/delegator/interface.go ShouldDelegateList).
// upstream: cacher/delegator/interface.go ShouldDelegateList and the Cacher's helper methods

export interface DelegationResult {
  /** Serve from etcd. */
  readonly shouldDelegate: boolean;
  /** The read needs etcd's newest revision (TooLarge fallback handling and consistent_read_total). */
  readonly consistentRead: boolean;
}

export type DelegationDecision = Parsed<DelegationResult>;

// upstream: delegator/interface.go Helper
export interface DelegationHelper {
  shouldDelegateExactRV(resourceVersion: string, recursive: boolean): DelegationDecision;
  shouldDelegateContinue(continueToken: string, recursive: boolean): DelegationDecision;
  shouldDelegateConsistentRead(): DelegationDecision;
}

// The four decisions, shared: one is taken per LIST.
const DECISIONS: readonly DelegationDecision[] = [false, true].flatMap((shouldDelegate) =>
  [false, true].map(
    (consistentRead): DelegationDecision => ({
      ok: true,
      value: { shouldDelegate, consistentRead },
    }),
  ),
);
const decided = (shouldDelegate: boolean, consistentRead = false): DelegationDecision =>
  defined(DECISIONS[(shouldDelegate ? 2 : 0) + (consistentRead ? 1 : 0)]);
const failed = (error: ApiError): DelegationDecision => ({ ok: false, error });

type RowOptions = Pick<
  ListOptions,
  "resourceVersion" | "resourceVersionMatch" | "recursive" | "limit" | "continue"
>;

/** Which row of the decision table (docs/fidelity.md "Cacher, delegator") a LIST falls in, before any helper is asked. */
export function delegationRow(opts: RowOptions): DelegationRow {
  switch (opts.resourceVersionMatch) {
    case "Exact":
      return "exact";
    case "NotOlderThan":
      return "notOlderThan";
    case "": {
      if (opts.continue.length > 0) return "continue";
      if (opts.limit > 0 && opts.resourceVersion !== "" && opts.resourceVersion !== "0")
        return "legacyExact";
      return opts.resourceVersion === "" ? "consistent" : "rvZeroOrUnlimited";
    }
    default:
      return "other";
  }
}

// upstream: delegator/interface.go ShouldDelegateList
export function shouldDelegateList(opts: RowOptions, helper: DelegationHelper): DelegationDecision {
  switch (delegationRow(opts)) {
    case "exact":
    case "legacyExact":
      return helper.shouldDelegateExactRV(opts.resourceVersion, opts.recursive);
    case "continue":
      return helper.shouldDelegateContinue(opts.continue, opts.recursive);
    case "consistent":
      return helper.shouldDelegateConsistentRead();
    case "notOlderThan":
    case "rvZeroOrUnlimited":
      return decided(false);
    case "other":
      return decided(true);
  }
}

/** The cache state the Cacher's helper reads. */
export interface CacheDelegationState {
  /** etcd supports progress requests (and, in 1.33, ConsistentListFromCache is on). */
  readonly consistentReadSupported: boolean;
  readonly snapshottingEnabled: boolean;
  readonly resourcePrefix: string;
  /** The watch cache's RV now. */
  cacheResourceVersion(): number;
  /** A snapshot with RV ≤ rv exists. */
  canServeExactRv(rv: number): boolean;
}

// upstream: cacher.go ShouldDelegateExactRV, ShouldDelegateContinue, ShouldDelegateConsistentRead
export function cacherDelegationHelper(state: CacheDelegationState): DelegationHelper {
  const consistentRead = () => decided(!state.consistentReadSupported, true);
  // A future exact RV needs consistent-read support to wait for, but is not a consistent read.
  const exact = (rv: number) =>
    rv > state.cacheResourceVersion()
      ? decided(!state.consistentReadSupported)
      : decided(!state.canServeExactRv(rv));
  return {
    shouldDelegateExactRV(resourceVersion, recursive) {
      if (!recursive || !state.snapshottingEnabled) return decided(true);
      const rv = parseResourceVersion(resourceVersion);
      return rv.ok ? exact(rv.value) : failed(rv.error);
    },
    shouldDelegateContinue(continueToken, recursive) {
      if (!recursive || !state.snapshottingEnabled) return decided(true);
      const token = decodeContinue(continueToken, state.resourcePrefix);
      if (!token.ok) return failed(plainError(token.message));
      return token.rv > 0 ? exact(token.rv) : consistentRead();
    },
    shouldDelegateConsistentRead: consistentRead,
  };
}

// upstream: delegator/interface.go CacheWithoutSnapshots (the APF list work estimator's helper)
export function cacheWithoutSnapshotsHelper(consistentReadSupported: boolean): DelegationHelper {
  return {
    shouldDelegateExactRV: () => decided(true),
    shouldDelegateContinue: () => decided(true),
    shouldDelegateConsistentRead: () => decided(!consistentReadSupported, true),
  };
}
