import type { CodeBlock } from "./codeBlock.ts";

// One line per row of the decision table (upstream: cacher/delegator/interface.go ShouldDelegateList; docs/fidelity.md "Cacher, delegator").
export const SHOULD_DELEGATE_LIST: CodeBlock = {
  id: "shouldDelegateList",
  name: "ShouldDelegateList",
  where: "the delegator's decision table",
  upstreamPath: "cacher/delegator/interface.go",
  lines: [
    { depth: 0, text: "ShouldDelegateList(options): look at RV match, RV, continue and limit" },
    {
      id: "shouldDelegate.exact",
      depth: 1,
      text: "match=Exact N → the cache if it has a snapshot at N (or N is ahead: wait), else etcd",
    },
    { id: "shouldDelegate.notOlderThan", depth: 1, text: "match=NotOlderThan → the cache" },
    {
      id: "shouldDelegate.continue",
      depth: 1,
      text: "a continue token → as Exact at the token's RV; RV -1 is a consistent read",
    },
    {
      id: "shouldDelegate.legacyExact",
      depth: 1,
      text: "RV=N with limit > 0 → as Exact N ('legacy exact')",
    },
    {
      id: "shouldDelegate.consistent",
      depth: 1,
      text: 'RV="" → the cache if etcd supports progress requests; a consistent read',
      note: "it must see etcd's newest revision",
    },
    {
      id: "shouldDelegate.rvZeroOrUnlimited",
      depth: 1,
      text: "RV=0, or RV=N without a limit → the cache, at once or after a wait",
    },
    { id: "shouldDelegate.other", depth: 1, text: "anything else → etcd" },
  ],
};
