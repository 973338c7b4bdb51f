import { count } from "../../observables.ts";
import type { Challenge } from "../challenge.ts";
import { atClock, waitsOver } from "../readings.ts";

export const readYourWrite: Challenge = {
  id: "read-your-write",
  title: "Early, not wrong",
  chapter: "read-your-write",
  goal: 'Twenty clients each write a pod, then LIST with RV="" as kubectl does. Make 100 of those reads wait more than 0.6 s on the cache, and still have every one served by the cache, none by etcd.',
  start: "ryw=20&rywRead=consistent&reads=0",
  allowed: ["lag", "jitter", "processRate"],
  lockedBecause:
    "the clients and how they read stay as they are: only the watch stream into the cache may change.",
  check: {
    description:
      "≥ 100 waits over 0.6 s in read_wait_seconds, ≥ 100 read-your-own-write LISTs served by the cache after waiting, none by etcd, within 60 s",
    windowS: 60,
    holds: (s) =>
      waitsOver(s, 0.6) >= 100 &&
      count(s, "ryw", "cacheAfterWait") >= 100 &&
      count(s, "ryw", "fallback") === 0,
    spoiled: (s) =>
      count(s, "ryw", "fallback") > 0
        ? `a read hit the 3 s wall and fell back to etcd (${atClock(s.nowNs)})`
        : null,
  },
  hints: [
    "A read waits when the cache has not yet reached the revision etcd gave it.",
    "The watch lag delays every event on its way into the cache.",
    "A watch lag of about 1 s does it; above 3 s the reads would hit the wall and go to etcd.",
  ],
  demonstrates:
    "A read at a revision the cache has not reached is early, not wrong: it parks on the condition variable and the cache answers it once the event arrives — as long as that happens before the 3 s wall.",
  solution: "ryw=20&rywRead=consistent&reads=0&lag=1000",
  speed: 2,
};
