import type { CodeBlock } from "./codeBlock.ts";

export const GET_LIST: CodeBlock = {
  id: "getList",
  name: "GetList",
  where: "CacheDelegator, which routes every LIST",
  upstreamPath: "cacher/delegator.go",
  lines: [
    { depth: 0, text: "GetList(key, options):" },
    { id: "getList.validate", depth: 1, text: "check the options; a bad one is answered 400" },
    {
      id: "getList.decide",
      depth: 1,
      text: "decision = ShouldDelegateList(options)",
      note: "cache or etcd, and is it a consistent read?",
    },
    { id: "getList.delegate", depth: 1, text: "if decision says etcd: return etcd.GetList(…)" },
    {
      id: "getList.notReady",
      depth: 1,
      text: "if the cache is not ready and limit > 0 without selectors: return etcd.GetList(…)",
    },
    {
      id: "getList.cache",
      depth: 1,
      text: "err = cacher.GetList(…)",
      note: "may wait for the cache to catch up",
    },
    {
      id: "getList.cacheOk",
      depth: 1,
      text: "if no error: count consistent_read_total{success, no fallback}; return",
    },
    {
      id: "getList.expired",
      depth: 1,
      text: "if err is 410 Expired and snapshots are on: return etcd.GetList(…)",
    },
    {
      id: "getList.notConsistent",
      depth: 1,
      text: "if not a consistent read: return err",
      note: "no fallback: a 504 reaches the client",
    },
    {
      id: "getList.otherError",
      depth: 1,
      text: "if err is not 'too large resource version': count a failure; return err",
    },
    {
      id: "getList.skip",
      depth: 1,
      text: "if the SkipTimeoutFallback gate is on: return 429, Retry-After 1",
      note: "the client backs off instead of piling onto etcd",
    },
    {
      id: "getList.fallback",
      depth: 1,
      text: "otherwise fall back: return etcd.GetList(…), counted with fallback=true",
    },
  ],
  versionNote: {
    text:
      "In 1.33 the delegator asked etcd for the current RV of a consistent read itself, just " +
      "before cacher.GetList, and listed from the cache as NotOlderThan that RV: a failure of " +
      "that quorum read was returned before consistent_read_total was counted, and the cache's " +
      "readiness was checked only after it.",
    appliesTo: (rules) => rules.currentRvInDelegator,
  },
};
