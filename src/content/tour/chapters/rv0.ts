import { count } from "../../observables.ts";
import { rv0ReadQuestion } from "../../predict/questions/rv0-read.ts";
import type { Chapter } from "../chapter.ts";
import { isWaiting } from "../readings.ts";

export const rv0: Chapter = {
  id: "rv0",
  title: "RV=0 never waits",
  query: "lag=2000&mix=rv0:80,consistent:20",
  speed: 1,
  question: rv0ReadQuestion({
    setting: "Events reach this cache 2 s after etcd commits them: it is 2 s behind.",
    minFinished: 100,
    windowS: 5,
  }),
  experiments: [
    {
      label: "Put the cache 10 s behind",
      lookFor:
        "RV=0 reads are still answered at once; consistent reads now wait out the 3 s wall and fall back to etcd (Decisions).",
      keys: "lag=10000&mix=rv0:80,consistent:20",
    },
    {
      label: "Send only RV=0 reads",
      lookFor: "Nobody ever parks: the waiting room stays empty however far behind the cache is.",
      keys: "lag=2000&mix=rv0:100",
    },
  ],
  steps: [
    {
      caption:
        'Most LISTs say RV="0": "anything you have will do". The cache answers them at once from what it holds.',
      panel: "panel-decisions",
      trigger: {
        waitingFor: "the first RV=0 reads served by the cache",
        windowS: 5,
        holds: (s) => count(s, "rv0", "cache") >= 20,
      },
    },
    {
      caption:
        "This cache is about 2 s behind etcd: events take 2 s to reach it. The gap between etcd's revision and the cache's RV is the lag.",
      panel: "panel-freshness-timeline",
      trigger: {
        waitingFor: "the cache to fall behind etcd",
        windowS: 10,
        holds: (s) => s.lagSeconds >= 1,
      },
    },
    {
      caption:
        'A consistent read (RV="") is different: the cache first asks etcd for its current revision (a quorum read), and has not reached it yet. This read is now parked on the condition variable.',
      panel: "panel-waiting-room",
      trigger: {
        waitingFor: "a consistent read to park in the waiting room",
        windowS: 10,
        holds: (s) => isWaiting(s, "consistent"),
      },
    },
    {
      caption:
        "The one thing to remember: RV=0 is answered at once from whatever the cache holds — however far behind it is, the cheap path never waits. Only reads that need an RV newer than the cache's wait.",
      panel: "panel-decisions",
      trigger: {
        waitingFor: "consistent reads served after their wait, while RV=0 reads never waited",
        windowS: 20,
        holds: (s) =>
          count(s, "consistent", "cacheAfterWait") >= 10 &&
          count(s, "rv0", "cache") >= 500 &&
          count(s, "rv0", "cacheAfterWait") === 0,
      },
    },
  ],
};
