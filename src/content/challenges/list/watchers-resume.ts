import { count, finished } from "../../observables.ts";
import type { Challenge } from "../challenge.ts";
import { atClock, reached } from "../readings.ts";

export const watchersResume: Challenge = {
  id: "watchers-resume",
  title: "Back after 100 s, no 410",
  chapter: "fresh-window",
  goal: 'Five watchers leave at 10 s and come back at 110 s. Bring them back without a 410 "too old resource version": they resume where they left off instead of relisting, and they stay away just as long.',
  start: "away=5@10:100",
  allowed: ["requestTimeout", "writes", "watchTimeout"],
  lockedBecause: "the watchers' absence stays as it is, and so does the read load.",
  check: {
    description: "the watchers back (115 s) and not one relist after 410, within 130 s",
    windowS: 130,
    holds: (s) => reached(s, 115) && finished(s, "relist") === 0 && count(s, "relist", "410") === 0,
    spoiled: (s) =>
      finished(s, "relist") > 0 ? `a watcher got 410 and relisted (${atClock(s.nowNs)})` : null,
  },
  hints: [
    "A resuming watcher finds the events it missed in the history ring — if the ring still holds them.",
    "The ring only grows while its oldest event is fresh: younger than 75 s at the defaults.",
    "--request-timeout widens the fresh window to max(75 s, request timeout + 15 s).",
  ],
  demonstrates:
    "A resuming watcher finds its history only while the ring keeps it: the ring keeps the fresh window, max(75 s, --request-timeout + 15 s). A watcher away longer than that gets 410 and relists.",
  solution: "away=5@10:100&requestTimeout=120",
  speed: 10,
};
