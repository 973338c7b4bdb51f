import { counted } from "../../counted.ts";
import { finished } from "../../observables.ts";
import { type Group, mostEnd, outcomeEvidence } from "../outcome-majority.ts";
import type { FinishedSetting, Question } from "../question.ts";

// A client writes, then reads its own write back: the cache has not seen the write yet.

const GROUPS = {
  afterWait: { outcomes: ["cacheAfterWait"], said: "served by the cache after a wait" },
  atOnce: { outcomes: ["cache"], said: "served at once" },
  fallback: { outcomes: ["fallback"], said: "fell back to etcd" },
  504: { outcomes: ["504"], said: "answered 504" },
} as const satisfies Record<string, Group>;

export function readYourWriteQuestion({
  setting,
  minFinished,
  windowS,
}: FinishedSetting): Question {
  return {
    prompt: `${setting} How will most of these reads of one's own write be answered?`,
    decides: {
      waitingFor: `${counted(minFinished, "read-your-own-write read")} to be answered`,
      windowS,
      holds: (s) => finished(s, "ryw") >= minFinished,
    },
    evidence: outcomeEvidence("ryw", "read-your-own-write reads", Object.values(GROUPS)),
    answers: [
      {
        id: "after-wait",
        text: "The read waits a moment, then the cache serves it, write included",
        holds: mostEnd("ryw", GROUPS.afterWait.outcomes),
        why: "The read needs a revision at least as new as the write, which the cache had not seen yet: it parked on the condition variable until the write's event arrived a fraction of a second later, then the cache answered. Early, not wrong.",
        panel: "panel-waiting-room",
      },
      {
        id: "at-once",
        text: "The cache serves it at once",
        holds: mostEnd("ryw", GROUPS.atOnce.outcomes),
        why: "The cache already held the write when these reads arrived, so they did not need to wait.",
        panel: "panel-decisions",
      },
      {
        id: "fallback",
        text: "It waits 3 s, then etcd serves it",
        holds: mostEnd("ryw", GROUPS.fallback.outcomes),
        why: "The write's event took longer than the 3 s wall to reach the cache, so the delegator sent these reads to etcd.",
        panel: "panel-decisions",
      },
      {
        id: "504",
        text: "It gets 504 Gateway Timeout",
        holds: mostEnd("ryw", GROUPS[504].outcomes),
        why: "These pinned reads waited out the 3 s wall without the cache reaching their RV; a pinned read never falls back, so it got 504.",
        panel: "panel-decisions",
      },
    ],
  };
}
