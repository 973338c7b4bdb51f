import { formatCount } from "../../../ui/panels/shared/format.ts";
import { atLeastS } from "../../tour/readings.ts";
import type { BySetting, Question } from "../question.ts";

// How far heavy churn can grow the history ring: the ceiling --request-timeout sets.

/** The ring's upper bound at the default --request-timeout of 60 s. */
const DEFAULT_CEILING = 102_400;

export function ringCeilingQuestion({ setting, byS }: BySetting): Question {
  return {
    prompt: `${setting} How large will the history ring grow within ${byS} s?`,
    decides: {
      waitingFor: `the ring to pass ${formatCount(DEFAULT_CEILING)} events, or ${byS} s`,
      windowS: byS,
      holds: (s) => s.ring.capacity > DEFAULT_CEILING || atLeastS(s, byS),
    },
    evidence: (s) =>
      `capacity ${formatCount(s.ring.capacity)} events, upper bound ${formatCount(s.ring.upperBound)}.`,
    answers: [
      {
        id: "past-ceiling",
        text: `Past ${formatCount(DEFAULT_CEILING)} events`,
        holds: (s) => s.ring.capacity > DEFAULT_CEILING,
        why: "The ring's upper bound follows the fresh window (request timeout + 15 s): a longer --request-timeout keeps more events fresh, so the ring may double past the usual ceiling.",
        panel: "panel-history-ring",
      },
      {
        id: "at-ceiling",
        text: `Up to ${formatCount(DEFAULT_CEILING)} events, and no further`,
        holds: (s) => s.ring.capacity <= DEFAULT_CEILING && s.ring.capacity >= DEFAULT_CEILING / 2,
        why: "The ring doubled while its events stayed fresh, up to the bound the fresh window allows.",
        panel: "panel-history-ring",
      },
      {
        id: "small",
        text: "It stays small: the churn is evicted",
        holds: (s) => s.ring.capacity < DEFAULT_CEILING / 2,
        why: "The ring stayed well under its bound: its events grew old before it filled up.",
        panel: "panel-history-ring",
      },
    ],
  };
}
