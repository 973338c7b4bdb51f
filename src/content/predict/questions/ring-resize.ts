import { formatCount } from "../../../ui/panels/shared/format.ts";
import { QUARTER_POINT_EVENT } from "../../quarter-point.ts";
import { atLeastS, hasMark } from "../../tour/readings.ts";
import type { BySetting, Question } from "../question.ts";

// What the history ring does under churn that then dies down: grow, and shrink back or not.

export function ringResizeQuestion({ setting, byS }: BySetting): Question {
  return {
    prompt: `${setting} What will the history ring's capacity do within ${byS} s?`,
    decides: {
      waitingFor: `the ring to shrink, or ${byS} s`,
      windowS: byS,
      holds: (s) => hasMark(s, "ringShrink") || atLeastS(s, byS),
    },
    evidence: (s) =>
      `capacity ${formatCount(s.ring.capacity)} events after ${formatCount(s.ring.increases)} doublings and ${formatCount(s.ring.decreases)} halvings.`,
    answers: [
      {
        id: "grow-shrink",
        text: "It grows, then shrinks back once the churn dies down",
        holds: (s) => s.ring.increases > 0 && s.ring.decreases > 0,
        why: `The ring doubles while it is full and its oldest event is younger than the 75 s fresh window; once the churn drops, it halves at a write when ${QUARTER_POINT_EVENT} is older than that window.`,
        panel: "panel-history-ring",
      },
      {
        id: "grow-stay",
        text: "It grows, and stays grown",
        holds: (s) => s.ring.increases > 0 && s.ring.decreases === 0,
        why: `The ring grew under the churn, and nothing made it shrink within the time: a halving needs a write while ${QUARTER_POINT_EVENT} is older than the fresh window.`,
        panel: "panel-history-ring",
      },
      {
        id: "never",
        text: "It keeps its size: old events are simply evicted",
        holds: (s) => s.ring.increases === 0,
        why: "The ring never needed to grow: its oldest event was always older than the fresh window when it filled up, so it evicted instead.",
        panel: "panel-history-ring",
      },
    ],
  };
}
