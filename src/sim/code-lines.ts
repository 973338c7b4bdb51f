// Where a recorded request step happened, as a line of the annotated pseudocode the teaching
// layer shows (src/ui/code/). The model names the line when it records the step, so the code
// pane highlights what the model did rather than guessing it back from the outcome.

/** Our client model (docs/fidelity.md "World", the clients). */
type ClientLine = "client.send" | "client.retry";

// upstream: cacher/delegator.go CacheDelegator.GetList
export type GetListLine =
  | "getList.validate"
  | "getList.decide"
  | "getList.delegate"
  | "getList.notReady"
  | "getList.cache"
  | "getList.cacheOk"
  | "getList.expired"
  | "getList.notConsistent"
  | "getList.otherError"
  | "getList.skip"
  | "getList.fallback";

// upstream: cacher/delegator/interface.go ShouldDelegateList, one line per row of its decision table
export type DelegationRow =
  | "exact"
  | "notOlderThan"
  | "continue"
  | "legacyExact"
  | "consistent"
  | "rvZeroOrUnlimited"
  | "other";
type ShouldDelegateLine = `shouldDelegate.${DelegationRow}`;

// upstream: cacher/watch_cache.go WaitUntilFreshAndGetList and its helpers
type CacheListLine = "cacheList.currentRv" | "cacheList.wait" | "cacheList.serve";

// upstream: cacher/watch_cache.go waitUntilFreshLocked (1.37), waitUntilFreshAndBlock (≤1.36)
type WaitLine =
  | "wait.fastPath"
  | "wait.register"
  | "wait.timer"
  | "wait.loop"
  | "wait.deadline"
  | "wait.sleep"
  | "wait.fresh";

export type CodeLine = ClientLine | GetListLine | ShouldDelegateLine | CacheListLine | WaitLine;
