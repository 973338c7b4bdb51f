import { formatCount } from "../../../ui/panels/shared/format.ts";
import { count, fallbacks, maxOf } from "../../observables.ts";
import type { Chapter } from "../chapter.ts";
import { recentMessage } from "../readings.ts";

const herd = "stall=5-25&herd=2000@10";

export const herdChapter: Chapter = {
  id: "herd",
  title: "The thundering herd and the skip-fallback gate",
  query: herd,
  speed: 1,
  steps: [
    {
      caption:
        'The watch stream into the cache stalls at 5 s. At 10 s, 2000 clients LIST with RV="" at once — everyone relisting after an outage. etcd answers their quorum reads for the current revision, and they all park.',
      panel: "panel-waiting-room",
      quote: (s) => `${formatCount(maxOf(s.series.waiters))} parked at once.`,
      trigger: {
        waitingFor: "the herd to park",
        windowS: 15,
        // From the recorded series, not this frame: at 100× the herd may park and leave between frames.
        holds: (s) => maxOf(s.series.waiters) >= 1000,
      },
    },
    {
      caption:
        "3 s later they hit the wall together, and the delegator sends every one of them to etcd: a stampede of LISTs queueing for etcd's few range slots.",
      panel: "panel-etcd-load",
      quote: (s) =>
        `${formatCount(fallbacks(s))} fallbacks; etcd's queue peaked at ${formatCount(maxOf(s.series.etcdQueue))}.`,
      trigger: {
        waitingFor: "2000 fallbacks and a long etcd queue",
        windowS: 30,
        holds: (s) => fallbacks(s) >= 2000 && maxOf(s.series.etcdQueue) > 500,
      },
    },
    {
      caption:
        "The same herd with ConsistentListFromCacheSkipTimeoutFallback=true (alpha in 1.37; the run restarted): at the wall the delegator answers 429 with Retry-After: 1 instead of asking etcd. etcd stays quiet.",
      panel: "panel-decisions",
      query: `${herd}&gates=ConsistentListFromCacheSkipTimeoutFallback=true`,
      quote: (s) => `a client read “${recentMessage(s, "consistent", "429") ?? ""}”.`,
      trigger: {
        waitingFor: "the herd answered 429",
        windowS: 30,
        holds: (s) => count(s, "consistent", "429") >= 2000 && fallbacks(s) === 0,
      },
    },
    {
      caption:
        'The one thing to remember: the gate does not make the cache faster — it trades a slow answer paid for by etcd for an honest "not yet". Retry-After: 1 is shorter than the 3 s wall on purpose: by the time a client retries, the cache has most likely caught up. Here it catches up when the stall ends at 25 s, and the retries are served from the cache.',
      panel: "panel-decisions",
      trigger: {
        waitingFor: "the retries served by the cache",
        windowS: 60,
        holds: (s) => count(s, "consistent", "cacheAfterWait") >= 1000 && fallbacks(s) === 0,
      },
    },
  ],
};
