import type { Challenge } from "../challenge.ts";
import { readsThatWaited } from "../readings.ts";

export const observedNeverWaited: Challenge = {
  id: "observed-never-waited",
  title: "A wait that never happened",
  chapter: "wake-up-timer",
  goal: "On Kubernetes 1.36, make apiserver_watch_cache_read_wait_seconds record a wait for a read that never waited.",
  start: "k8s=1.36&mix=rv0:1",
  allowed: ["mix", "reads", "writes", "otherWrites", "lag", "jitter"],
  lockedBecause: "the version stays 1.36: the load and the read mix are yours.",
  check: {
    description:
      "the wait histogram holds more observations than there were reads that waited (served after a wait, fell back, 429, 504, or parked now), within 60 s",
    windowS: 60,
    holds: (s) => s.readWait.count > readsThatWaited(s),
  },
  hints: [
    "RV=0 reads never call the wait at all. Which reads carry a resourceVersion above 0?",
    "A NotOlderThan read asks for the revision etcd had when it was sent; usually the cache already has it.",
    "Add NotOlderThan reads to the mix (rv0:1,notOlderThan:1) and compare the histogram's count with the Decisions panel.",
  ],
  demonstrates:
    "Before 1.37 every read with RV > 0 started a wake-up timer and recorded a wait, even one the cache answered at once: on 1.36 the histogram counts reads, not waits. 1.37 returns before the timer when the cache is fresh.",
  solution: "k8s=1.36&mix=rv0:1,notOlderThan:1",
  speed: 2,
};
