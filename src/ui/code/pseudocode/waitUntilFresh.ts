import type { CodeBlock } from "./codeBlock.ts";

export const WAIT_UNTIL_FRESH: CodeBlock = {
  id: "waitUntilFresh",
  name: "waitUntilFreshLocked",
  where: "the watch cache, under its read lock",
  upstreamPath: "cacher/watch_cache.go",
  lines: [
    { depth: 0, text: "waitUntilFreshLocked(rv):" },
    {
      id: "wait.fastPath",
      depth: 1,
      text: "if rv == 0 or the cache's RV ≥ rv: return",
      note: "fast path: no timer, no metric",
    },
    {
      id: "wait.register",
      depth: 1,
      text: "count this waiter while it waits",
      note: "while anyone waits, the cache asks etcd for progress bookmarks",
    },
    {
      depth: 1,
      text: "start = now; on return, observe read_wait_seconds(now − start)",
      note: 'a timeout is observed at {timeoutObserved} (the wall, then its timer\'s wake-up), so it counts in le="{wallBucket}"',
    },
    {
      id: "wait.timer",
      depth: 1,
      text: "start a timer that wakes every waiter after {wall}",
      note: "it fires no earlier than asked; the woken reader is then scheduled and retakes the lock",
    },
    { id: "wait.loop", depth: 1, text: "while the cache's RV < rv:" },
    {
      id: "wait.deadline",
      depth: 2,
      text: "if now − start ≥ {wall}: return 'Too large resource version' (504)",
      note: "checked after freshness: an RV arriving at the deadline wins",
    },
    {
      id: "wait.sleep",
      depth: 2,
      text: "sleep on the condition variable",
      note: "every RV change (event, bookmark, relist) and the timer wake it",
    },
    { id: "wait.fresh", depth: 1, text: "return: the cache has caught up" },
  ],
  versionNote: {
    text:
      "Up to 1.36 this was waitUntilFreshAndBlock: it started the {wall} timer and observed the wait " +
      "for every read with rv > 0, before checking whether the cache was already fresh, so reads " +
      "that never waited still left timers sleeping and 0 s samples in the histogram.",
    appliesTo: (rules) => !rules.waitsOnlyWhenBehind,
  },
};
