import { formatCount } from "../../../ui/panels/shared/format.ts";
import { counted } from "../../counted.ts";
import { count, finished } from "../../observables.ts";
import type { FinishedSetting, Question } from "../question.ts";

// Which pinned reads apiserver_watch_cache_read_wait_seconds observes: every one, or only waits.

export function waitHistogramQuestion({
  setting,
  minFinished,
  windowS,
}: FinishedSetting): Question {
  return {
    prompt: `${setting} Which pinned reads will the wait histogram (read_wait_seconds) count?`,
    decides: {
      waitingFor: `${counted(minFinished, "pinned read")} to be answered`,
      windowS,
      holds: (s) => finished(s, "notOlderThan") >= minFinished,
    },
    evidence: (s) =>
      `${counted(s.readWait.count, "wait")} observed for ${counted(finished(s, "notOlderThan"), "pinned read")}, ${formatCount(count(s, "notOlderThan", "cache"))} of them answered without waiting.`,
    answers: [
      {
        id: "every",
        text: "Every one, even a read answered at once (a 0 s wait)",
        holds: (s) => s.readWait.count > 0 && s.readWait.count >= finished(s, "notOlderThan"),
        why: "Up to 1.36 every read with RV > 0 goes through waitUntilFreshAndBlock, which observes its wait whether it waited or not: a read the cache answered at once still adds a 0 s observation.",
        panel: "panel-metrics",
      },
      {
        id: "waited",
        text: "Only the reads that really waited",
        holds: (s) => s.readWait.count > 0 && s.readWait.count < finished(s, "notOlderThan"),
        why: "From 1.37 a read the cache can answer at once skips the wait entirely, unobserved; only reads that parked add an observation, so the histogram tells real waits.",
        panel: "panel-metrics",
      },
      {
        id: "none",
        text: "None: a pinned read is never observed",
        holds: (s) => s.readWait.count === 0,
        why: "No wait was observed at all: no read went through the wait.",
        panel: "panel-metrics",
      },
    ],
  };
}
