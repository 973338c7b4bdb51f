import { formatCount } from "../../../ui/panels/shared/format.ts";
import { count } from "../../observables.ts";
import { consistentReadQuestion } from "../../predict/questions/consistent-read.ts";
import type { Chapter } from "../chapter.ts";
import { consistentReads, hasMark, isWaiting, recentMessage } from "../readings.ts";

export const wall: Chapter = {
  id: "wall",
  title: "The 3 s wall and the fallback to etcd",
  query: "lag=4000",
  speed: 1,
  question: consistentReadQuestion({
    setting: "Events now reach the cache 4 s after etcd commits them.",
    minFinished: 20,
    windowS: 10,
  }),
  experiments: [
    {
      label: "Turn on the skip-fallback gate",
      lookFor:
        "At the wall consistent reads get 429 instead of a LIST from etcd; the etcd panel goes quiet.",
      keys: "lag=4000&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    },
    {
      label: "Lag 2.5 s, just under the wall",
      lookFor:
        "Consistent reads wait about 2.5 s and the cache serves them: no fallback in the first minute (seed 1). The challenge below asks what jitter does to that.",
      keys: "lag=2500",
    },
    {
      label: "Move the wall to 10 s",
      lookFor: "The same 4 s lag now fits under the wall: reads wait 4 s and the cache answers.",
      keys: "lag=4000&blockTimeout=10000",
    },
  ],
  steps: [
    {
      caption:
        'Events now reach the cache 4 s after etcd commits them. A consistent read (RV="") got etcd\'s current revision and is now parked on the condition variable, woken by every RV the cache takes in.',
      panel: "panel-waiting-room",
      trigger: {
        waitingFor: "a consistent read to park",
        windowS: 10,
        holds: (s) => isWaiting(s, "consistent"),
      },
    },
    {
      caption:
        "…and it hit the wall: 3 s after it parked, its own timer woke it, the cache was still behind, and the delegator fell back to etcd. The client got a normal answer; etcd paid for a full LIST.",
      panel: "panel-decisions",
      trigger: {
        waitingFor: "the first fallback to etcd",
        windowS: 15,
        holds: (s) => hasMark(s, "firstFallback"),
      },
    },
    {
      caption:
        "A pinned read (RV=N, NotOlderThan) never falls back: at the wall it gets 504 with Retry-After: 1. The message names the RV it asked for and the cache's: a small gap is a lagging cache, a huge one an RV from another universe.",
      panel: "panel-decisions",
      quote: (s) => `the client read “${recentMessage(s, "notOlderThan", "504") ?? ""}”.`,
      trigger: {
        waitingFor: "a pinned read answered 504",
        windowS: 20,
        holds: (s) => recentMessage(s, "notOlderThan", "504") !== null,
      },
    },
    {
      caption:
        "The one thing to remember: a wait is bounded — at most 3 s on the condition variable. Then a consistent LIST falls back to etcd (correct, but etcd pays), and a pinned read gets 504 Too large resource version: <asked>, current: <has>.",
      panel: "panel-metrics",
      quote: (s) =>
        `consistent_read_total{success="true", fallback="true"} = ${formatCount(consistentReads(s, "true", "true"))}.`,
      trigger: {
        waitingFor: "50 fallbacks counted",
        windowS: 30,
        holds: (s) =>
          consistentReads(s, "true", "true") >= 50 && count(s, "notOlderThan", "504") >= 1,
      },
    },
  ],
};
