import type { SimSnapshot } from "../../../model/index.ts";
import { counted } from "../../counted.ts";
import { finished } from "../../observables.ts";
import { type Group, mostEnd, outcomeEvidence } from "../outcome-majority.ts";
import type { FinishedSetting, Question } from "../question.ts";

// How RV=0 LISTs ("anything you have will do") end: the cheap path that never waits.

const GROUPS = {
  atOnce: { outcomes: ["cache"], said: "served by the cache without a wait" },
  afterWait: { outcomes: ["cacheAfterWait"], said: "served after a wait" },
  fallback: { outcomes: ["fallback"], said: "fell back to etcd" },
  etcd: { outcomes: ["etcd"], said: "sent to etcd" },
} as const satisfies Record<string, Group>;

const rv0Evidence = outcomeEvidence("rv0", "RV=0 reads", Object.values(GROUPS));

/**
 * Reads parked at the deciding moment: etcd's panel already counts their quorum reads for the
 * current RV, while Decisions lists a read only once it is answered, so the verdict says why.
 */
function parkedNote(s: SimSnapshot): string {
  if (s.waiterCount === 0) return "";
  const parked = counted(s.waiterCount, "other read");
  const verb = s.waiterCount === 1 ? "is" : "are";
  return ` ${parked} ${verb} still parked, waiting for the cache: a consistent read's quorum read for the current RV already shows in etcd's panel, but Decisions lists a read only once it is answered.`;
}

export function rv0ReadQuestion({ setting, minFinished, windowS }: FinishedSetting): Question {
  return {
    prompt: `${setting} How will most RV="0" LISTs be answered?`,
    decides: {
      waitingFor: `${counted(minFinished, "RV=0 read")} to be answered`,
      windowS,
      holds: (s) => finished(s, "rv0") >= minFinished,
    },
    evidence: (s) => `${rv0Evidence(s)}${parkedNote(s)}`,
    answers: [
      {
        id: "at-once",
        text: "At once, from whatever the cache holds",
        holds: mostEnd("rv0", GROUPS.atOnce.outcomes),
        why: 'RV="0" means "anything you have will do": the cache answers from what it holds without asking etcd for a revision, so it never waits, however far behind it is.',
        panel: "panel-decisions",
      },
      {
        id: "after-wait",
        text: "They wait for the cache to catch up, then it answers",
        holds: mostEnd("rv0", GROUPS.afterWait.outcomes),
        why: "These reads asked for a revision the cache did not have yet, so they parked until it got there.",
        panel: "panel-waiting-room",
      },
      {
        id: "fallback",
        text: "They wait 3 s, then fall back to etcd",
        holds: mostEnd("rv0", GROUPS.fallback.outcomes),
        why: "These reads waited out the 3 s wall and the delegator sent them to etcd.",
        panel: "panel-decisions",
      },
      {
        id: "etcd",
        text: "They are sent straight to etcd",
        holds: mostEnd("rv0", GROUPS.etcd.outcomes),
        why: "The delegator decided these reads cannot be served from the cache at all and sent them to etcd without waiting.",
        panel: "panel-etcd-load",
      },
    ],
  };
}
