import { count } from "../../observables.ts";
import { readYourWriteQuestion } from "../../predict/questions/read-your-write.ts";
import type { Chapter } from "../chapter.ts";
import { isWaiting } from "../readings.ts";

export const readYourWrite: Chapter = {
  id: "read-your-write",
  title: "Read your own write on a slightly lagging cache",
  query: "ryw=20&rywRead=consistent&lag=300&reads=20",
  speed: 1,
  question: readYourWriteQuestion({
    setting:
      'Clients write an object, then at once LIST with RV="" to read it back. The cache is about 300 ms behind etcd.',
    minFinished: 50,
    windowS: 10,
  }),
  experiments: [
    {
      label: "Read back at the write's RV (pinned)",
      lookFor:
        "The reads still wait a moment and are served by the cache: pinned reads wait the same way.",
      keys: "ryw=20&rywRead=pinned&lag=300",
    },
    {
      label: "Put the cache 4 s behind",
      lookFor: "Reads of one's own write now wait out the wall and fall back to etcd (Decisions).",
      keys: "ryw=20&rywRead=consistent&lag=4000",
    },
  ],
  steps: [
    {
      caption:
        'Twenty clients each write a pod, then LIST with RV="" as kubectl does. The cache asks etcd for its current revision — at least the write\'s — and, 300 ms behind, has not seen it. This read is now parked on the condition variable.',
      panel: "panel-waiting-room",
      trigger: {
        waitingFor: "a read-your-own-write LIST to park",
        windowS: 10,
        holds: (s) => isWaiting(s, "ryw"),
      },
    },
    {
      caption:
        "Early, not wrong: a few hundred ms later the write's event reaches the cache, its RV passes the target, and the broadcast wakes the read. Served from the cache.",
      panel: "panel-decisions",
      trigger: {
        waitingFor: "a read-your-own-write LIST served by the cache after waiting",
        windowS: 10,
        holds: (s) => count(s, "ryw", "cacheAfterWait") >= 1,
      },
    },
    {
      caption:
        "While anyone waits, the cache asks etcd for progress at once (unless it asked less than 100 ms ago) and then every 100 ms; the bookmark etcd sends back moves the cache's RV too (writes to other resources reach it only that way). Each wait lands in apiserver_watch_cache_read_wait_seconds — well below 1 s.",
      panel: "panel-metrics",
      trigger: {
        waitingFor: "waits recorded in the histogram",
        windowS: 20,
        holds: (s) => (s.readWait.cumulative[s.readWait.bounds.indexOf(1)] ?? 0) >= 20,
      },
    },
    {
      caption:
        "The one thing to remember: a read at an RV the cache has not reached is early, not wrong. Serving it from etcd would be correct but expensive; waiting a moment on the cache is usually enough.",
      panel: "panel-decisions",
      trigger: {
        waitingFor: "100 such reads served by the cache, none by etcd",
        windowS: 60,
        holds: (s) => count(s, "ryw", "cacheAfterWait") >= 100 && count(s, "ryw", "fallback") === 0,
      },
    },
  ],
};
