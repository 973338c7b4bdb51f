import type { CodeBlock } from "./codeBlock.ts";

export const CACHE_LIST: CodeBlock = {
  id: "cacheList",
  name: "WaitUntilFreshAndGetList",
  where: "the watch cache, for a LIST the delegator sent it",
  upstreamPath: "cacher/watch_cache.go",
  lines: [
    { depth: 0, text: "WaitUntilFreshAndGetList(key, options):" },
    { depth: 1, text: 'if RV="" (a consistent read):' },
    {
      id: "cacheList.currentRv",
      depth: 2,
      text: "rv = etcd's current revision",
      note: "one quick request to etcd",
    },
    { depth: 1, text: "else: rv = the RV the client asked for" },
    { id: "cacheList.wait", depth: 1, text: "waitUntilFreshLocked(rv)" },
    {
      id: "cacheList.serve",
      depth: 1,
      text: "list from the store (or a snapshot), filter, apply the limit; return",
    },
  ],
};
