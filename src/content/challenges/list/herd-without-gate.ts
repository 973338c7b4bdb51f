import { count, fallbacks } from "../../observables.ts";
import type { Challenge } from "../challenge.ts";
import { atClock, reached } from "../readings.ts";

const HERD = 2000;

export const herdWithoutGate: Challenge = {
  id: "herd-without-gate",
  title: "Protect etcd from the herd, gate off",
  chapter: "herd",
  goal: `The watch stream stalls from 5 s to 25 s; at 10 s ${HERD} clients LIST at once, and at the wall every one of them falls back to etcd. Protect etcd: not one read may fall back — without the skip-fallback gate.`,
  start: "stall=5-25&herd=2000@10",
  allowed: ["blockTimeout", "retry", "etcdConcurrency", "reads"],
  lockedBecause: "the stall, the herd and the feature gates stay as they are.",
  check: {
    description: `no read falls back to etcd and ≥ ${HERD} consistent reads are served by the cache after waiting, within 40 s`,
    windowS: 40,
    holds: (s) =>
      reached(s, 26) && fallbacks(s) === 0 && count(s, "consistent", "cacheAfterWait") >= HERD,
    spoiled: (s) =>
      fallbacks(s) > 0 ? `${fallbacks(s)} reads fell back to etcd (${atClock(s.nowNs)})` : null,
  },
  hints: [
    "Watch the waiting room at 13 s: why do the parked reads leave, and where do they go?",
    "Each read gives up at the wall, 3 s after it parked, and the delegator sends it to etcd. The stall lasts until 25 s.",
    "Let the reads wait longer than the stall: the wait wall (blockTimeout) is one of the model's what-ifs.",
  ],
  demonstrates:
    "The herd reaches etcd through the wall: a read that gives up waiting falls back. Held on the cache past the stall, every read is served by it and etcd serves none. Upstream keeps the 3 s wall (a long wait holds requests and memory in the apiserver) and offers the skip-fallback gate's 429 instead.",
  solution: "stall=5-25&herd=2000@10&blockTimeout=25000",
  speed: 2,
};
