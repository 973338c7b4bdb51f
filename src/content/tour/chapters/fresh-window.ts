import { formatCount } from "../../../ui/panels/shared/format.ts";
import { finished } from "../../observables.ts";
import { watcherReturnQuestion } from "../../predict/questions/watcher-return.ts";
import type { Chapter } from "../chapter.ts";

const away = "away=5@10:100";

export const freshWindow: Chapter = {
  id: "fresh-window",
  title: "The fresh window, bookmarks and --request-timeout",
  query: away,
  speed: 10,
  speedNote: "This chapter plays at 10×: watchers stay away for 100 s of simulated time.",
  question: watcherReturnQuestion({
    setting: "5 watchers disconnect at 10 s and stay away for 100 s while the writes go on.",
    byS: 115,
    windowS: 120,
  }),
  experiments: [
    {
      label: "--request-timeout=300",
      lookFor:
        "A longer fresh window keeps their events in the ring: the watchers resume without a 410.",
      keys: "away=5@10:100&requestTimeout=300",
    },
    {
      label: "Away for 30 s instead of 100",
      lookFor: "Back within the fresh window: they resume from the ring, no relist.",
      keys: "away=5@10:30",
    },
  ],
  steps: [
    {
      caption:
        'Five watchers leave at 10 s and come back at 110 s, resuming from the last RV they saw. The ring only grows while its oldest event is fresh — younger than 75 s, the 1-minute bookmark interval plus 15 s, since a connected watcher’s RV is never much older than its last bookmark. Their RV had left the ring: 410 Expired, "too old resource version", and each relists with a consistent LIST.',
      panel: "panel-decisions",
      trigger: {
        waitingFor: "the watchers to come back and relist",
        windowS: 130,
        holds: (s) => finished(s, "relist") >= 5,
      },
    },
    {
      caption:
        "The same absence with --request-timeout=300 (the run restarted): the fresh window becomes max(75 s, 300 s + 15 s) = 315 s, so the ring keeps that much history. The watchers came back and resumed from their RV — no 410, no relist.",
      panel: "panel-history-ring",
      query: `${away}&requestTimeout=300`,
      trigger: {
        waitingFor: "the watchers to come back",
        windowS: 130,
        holds: (s) => s.nowNs >= 115e9 && finished(s, "relist") === 0,
      },
    },
    {
      caption:
        "A wider window also lifts the ring's ceiling: 102 400 events ×2 for each doubling of the window over 75 s, rounded up. 315 s is 4.2× → 3 doublings. Here, with 3000 writes per second, the ring grows past 102 400.",
      panel: "panel-history-ring",
      query: "requestTimeout=300&writes=3000",
      quote: (s) =>
        `capacity ${formatCount(s.ring.capacity)} of an upper bound of ${formatCount(s.ring.upperBound)}.`,
      trigger: {
        waitingFor: "capacity above 102 400",
        windowS: 60,
        holds: (s) => s.ring.capacity > 102_400,
      },
    },
    {
      caption:
        "The one thing to remember: fresh means within the window, so a resuming client still finds everything since its last bookmark. --request-timeout widens the window and raises the 102 400 ceiling by powers of two; a watcher away longer than the window gets 410 and must relist.",
      panel: "panel-history-ring",
      trigger: {
        waitingFor: "the ring to double once more",
        windowS: 90,
        holds: (s) => s.ring.capacity > 204_800,
      },
    },
  ],
};
