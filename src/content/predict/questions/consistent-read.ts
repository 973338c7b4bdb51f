import { counted } from "../../counted.ts";
import { finished } from "../../observables.ts";
import { type Group, mostEnd, outcomeEvidence } from "../outcome-majority.ts";
import type { FinishedSetting, Question } from "../question.ts";

// How consistent LISTs (RV="") end: served by the cache, fallen back to etcd at the wall, or
// refused there. Asked of every run whose consistent reads are the point (the wall, the herds).

const GROUPS = {
  cache: { outcomes: ["cache", "cacheAfterWait"], said: "served by the cache" },
  fallback: { outcomes: ["fallback"], said: "fell back to etcd" },
  429: { outcomes: ["429"], said: "answered 429" },
  504: { outcomes: ["504"], said: "answered 504" },
} as const satisfies Record<string, Group>;

export function consistentReadQuestion({
  setting,
  minFinished,
  windowS,
}: FinishedSetting): Question {
  return {
    prompt: `${setting} How will most consistent LISTs (RV="") be answered?`,
    decides: {
      waitingFor: `${counted(minFinished, "consistent read")} to be answered`,
      windowS,
      holds: (s) => finished(s, "consistent") >= minFinished,
    },
    evidence: outcomeEvidence("consistent", "consistent reads", Object.values(GROUPS)),
    answers: [
      {
        id: "cache",
        text: "The read waits if it must, and the cache serves it",
        holds: mostEnd("consistent", GROUPS.cache.outcomes),
        why: "The cache caught up in time: a read that found it behind the revision etcd gave it parked on the condition variable, woke when the cache's RV got there, well inside the 3 s wall, and the cache answered.",
        panel: "panel-decisions",
      },
      {
        id: "fallback",
        text: "It waits 3 s, then falls back to etcd",
        holds: mostEnd("consistent", GROUPS.fallback.outcomes),
        why: "The cache stayed behind for longer than the 3 s wall: each read's own timer woke it, the cache had still not reached its revision, and the delegator sent the LIST to etcd, which paid for the whole list.",
        panel: "panel-decisions",
      },
      {
        id: "429",
        text: "It waits 3 s, then gets 429 Too Many Requests",
        holds: mostEnd("consistent", GROUPS[429].outcomes),
        why: "ConsistentListFromCacheSkipTimeoutFallback is on: at the wall the delegator does not ask etcd; it answers 429 with Retry-After: 1, an honest “not yet” that spares etcd.",
        panel: "panel-decisions",
      },
      {
        id: "504",
        text: "It waits 3 s, then gets 504 Gateway Timeout",
        holds: mostEnd("consistent", GROUPS[504].outcomes),
        why: "At the wall these reads were answered 504, the answer a read gets when the cache has not reached its RV and it may not fall back.",
        panel: "panel-decisions",
      },
    ],
  };
}
