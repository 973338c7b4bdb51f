import { count, finished } from "../../observables.ts";
import type { Challenge } from "../challenge.ts";
import { atClock, reached } from "../readings.ts";

const notFromCache = (s: Parameters<typeof finished>[0]) =>
  finished(s, "consistent") -
  count(s, "consistent", "cache") -
  count(s, "consistent", "cacheAfterWait");

export const underTheWall: Challenge = {
  id: "under-the-wall",
  title: "Under the wall, every time",
  chapter: "wall",
  goal: "The watch stream is 2.5 s late, under the 3 s wall, yet some consistent reads fall back to etcd. Serve every consistent read from the cache, with the watch lag kept at 2.5 s and without touching the feature gates.",
  start: "lag=2500&jitter=100",
  allowed: ["jitter", "blockTimeout", "processRate", "writes", "otherWrites"],
  lockedBecause: "the watch lag stays at 2.5 s, the gates and the readers as they are.",
  check: {
    description:
      "a minute of ≥ 1000 consistent reads, every one served by the cache (no fallback, no 429)",
    windowS: 60,
    holds: (s) => reached(s, 60) && finished(s, "consistent") >= 1000 && notFromCache(s) === 0,
    spoiled: (s) =>
      notFromCache(s) > 0
        ? `${notFromCache(s)} consistent reads were not served by the cache (${atClock(s.nowNs)})`
        : null,
  },
  hints: [
    "In the waiting room, how long had the reads that fell back been waiting?",
    "The lag is 2.5 s; the jitter adds a random extra delay to every event, and a few arrive later than 3 s.",
    "Take the jitter away (0 ms), or let the reads wait longer than the latest event (the wait wall).",
  ],
  demonstrates:
    "The wall is a deadline, not an average: a read waits at most 3 s, so an event later than that — the lag plus its jitter — sends the read to etcd. Fallbacks start where the lag's tail crosses the wall.",
  solution: "lag=2500&jitter=0",
  speed: 5,
};
