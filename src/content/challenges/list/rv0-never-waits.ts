import type { Challenge } from "../challenge.ts";
import { allFinished, allWith, atClock } from "../readings.ts";

export const rv0NeverWaits: Challenge = {
  id: "rv0-never-waits",
  title: "Nobody waits on a cache 5 s behind",
  chapter: "rv0",
  goal: "The cache is 5 s behind etcd. Choose the read mix so that no read waits at all: every LIST served by the cache at once, 100 a second as now.",
  start: "lag=5000",
  allowed: ["mix"],
  lockedBecause:
    "the cache stays 5 s behind and the readers keep their pace: only what they ask for may change.",
  check: {
    description:
      "≥ 1000 reads finished, every one served by the cache at once (none waited, none went to etcd), within 30 s",
    windowS: 30,
    holds: (s) => allFinished(s) >= 1000 && allWith(s, "cache") === allFinished(s),
    spoiled: (s) => {
      const late = allFinished(s) - allWith(s, "cache");
      return late > 0 ? `${late} reads were not served at once (${atClock(s.nowNs)})` : null;
    },
  },
  hints: [
    "The Decisions panel splits the reads by kind: which kinds wait, and which never do?",
    'A LIST with resourceVersion "0" says "anything you have will do".',
    "Set the read mix to RV=0 only (rv0:1).",
  ],
  demonstrates:
    "RV=0 is answered at once from whatever the cache holds: 5 s behind, it still never waits. Only reads that need an RV newer than the cache's (consistent, NotOlderThan) wait for it.",
  solution: "lag=5000&mix=rv0:1",
  speed: 2,
};
