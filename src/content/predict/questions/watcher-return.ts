import { formatCount } from "../../../ui/panels/shared/format.ts";
import { counted } from "../../counted.ts";
import { count, finished } from "../../observables.ts";
import { atLeastS } from "../../tour/readings.ts";
import type { Question } from "../question.ts";

// Watchers that come back after a long time away: resume from the ring, or 410 and relist.

export interface WatcherReturnSetting {
  setting: string;
  /** If no watcher has relisted by then, the verdict is read at this simulated second. */
  byS: number;
  windowS: number;
}

export function watcherReturnQuestion({ setting, byS, windowS }: WatcherReturnSetting): Question {
  // A relist is one logical LIST per returning watcher; it is paged (limit 500), so its page
  // requests outnumber the watchers: the verdict counts both, each by its name.
  const relists = (s: Parameters<typeof finished>[0]) => finished(s, "relist");
  // Logical LISTs of kind relist, whatever their outcome.
  const relistLists = (s: Parameters<typeof finished>[0]) =>
    Object.values(s.requests.listsByKind.relist ?? {}).reduce((sum, n) => sum + n, 0);
  const fromCache = (s: Parameters<typeof finished>[0]) =>
    count(s, "relist", "cache") + count(s, "relist", "cacheAfterWait");
  return {
    prompt: `${setting} What happens when they come back and ask to resume from their last RV?`,
    decides: {
      waitingFor: `a watcher to relist, or ${byS} s`,
      windowS,
      holds: (s) => relists(s) > 0 || atLeastS(s, byS),
    },
    evidence: (s) =>
      `${counted(relistLists(s), "relist")} (${counted(relists(s), "page request")}), ` +
      `${formatCount(fromCache(s))} of the pages served by the cache.`,
    answers: [
      {
        id: "resume",
        text: "They resume: the ring still holds the events they missed",
        holds: (s) => relists(s) === 0,
        why: "Their RV was still inside the ring's window, so the cache replayed what they had missed and no one had to relist.",
        panel: "panel-history-ring",
      },
      {
        id: "relist-cache",
        text: "They get 410 Expired and relist, from the cache",
        holds: (s) => relists(s) > 0 && fromCache(s) * 2 > relists(s),
        why: "The ring no longer reached back to their RV: the watch answered 410 Expired, and each watcher relisted — a LIST the cache could serve.",
        panel: "panel-history-ring",
      },
      {
        id: "relist-etcd",
        text: "They get 410 Expired and relist, from etcd",
        holds: (s) => relists(s) > 0 && fromCache(s) * 2 <= relists(s),
        why: "The ring no longer reached back to their RV: the watch answered 410 Expired, and the relists were served by etcd.",
        panel: "panel-etcd-load",
      },
    ],
  };
}
