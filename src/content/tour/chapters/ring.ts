import { NS_PER_S } from "../../../model/index.ts";
import { formatCount } from "../../../ui/panels/shared/format.ts";
import { ringResizeQuestion } from "../../predict/questions/ring-resize.ts";
import { QUARTER_POINT_EVENT } from "../../quarter-point.ts";
import type { Chapter } from "../chapter.ts";
import { hasMark } from "../readings.ts";

export const ring: Chapter = {
  id: "ring",
  title: "The ring grows and shrinks, with a ¼-point hysteresis",
  query: "writes=2000@0,20@25",
  speed: 20,
  speedNote: `This chapter plays at 20×: a shrink needs ${QUARTER_POINT_EVENT} to age past 75 s, and each flap takes about 40 s.`,
  question: ringResizeQuestion({
    setting: "2000 writes a second for 25 s, then a trickle of 20 a second.",
    byS: 120,
  }),
  experiments: [
    {
      label: "Without the hysteresis (whatif=noHysteresis)",
      lookFor: "The ring halves as soon as it may, and grows back: watch it flap (History ring).",
      keys: "writes=2000@0,20@25&whatif=noHysteresis",
    },
    {
      label: "No writes at all after the burst",
      lookFor:
        "With no write to trigger it, the ring never shrinks (kubernetes/kubernetes#139250).",
      keys: "writes=2000@0,0@25",
    },
  ],
  steps: [
    {
      caption:
        "2000 writes per second fill the history ring (100 events at first) in a blink. It is full and its oldest event is younger than the 75 s fresh window, so instead of evicting it doubles.",
      panel: "panel-history-ring",
      quote: (s) => `capacity ${formatCount(s.ring.capacity)} events.`,
      trigger: {
        waitingFor: "the ring to double",
        windowS: 5,
        holds: (s) => hasMark(s, "ringGrow"),
      },
    },
    {
      caption: `At 25 s the churn drops to 20 writes per second. The ring fills up again, but it does not shrink: ${QUARTER_POINT_EVENT} is still younger than 75 s.`,
      panel: "panel-history-ring",
      quote: (s) =>
        `capacity ${formatCount(s.ring.capacity)}, ¼-point event ${Math.round((s.ring.quarterAgeNs ?? 0) / NS_PER_S)} s old.`,
      trigger: {
        waitingFor: "the ring to be full again, without a shrink",
        windowS: 120,
        holds: (s) => s.ring.quarterAgeNs !== null && s.ring.decreases === 0 && s.nowNs > 25e9,
      },
    },
    {
      caption: `Now ${QUARTER_POINT_EVENT} is older than 75 s too: the churn is long over, and the next write halves the ring (never below its lower bound of 100). Quiet here means a trickle of writes, not none: the resize runs only when an event is added, so if writes stopped entirely the ring would keep its size (an open upstream issue, kubernetes/kubernetes#139250).`,
      panel: "panel-history-ring",
      quote: (s) => `capacity ${formatCount(s.ring.capacity)} events.`,
      trigger: {
        waitingFor: "the ring to halve",
        windowS: 120,
        holds: (s) => hasMark(s, "ringShrink"),
      },
    },
    {
      caption:
        "Why the ¼ point? Here is the default load (20 writes per second) with whatif=noHysteresis (the run restarted): the ring shrinks as soon as its oldest event is stale. Right after the shrink it is exactly full and its oldest event is fresh, so the next event doubles it again: it flaps each time it fills. With the ¼ point it would sit at 1600.",
      panel: "panel-history-ring",
      query: "whatif=noHysteresis",
      quote: (s) => `grown ${s.ring.increases} times, shrunk ${s.ring.decreases} times.`,
      trigger: {
        waitingFor: "the ring to shrink and grow back twice",
        windowS: 150,
        holds: (s) => s.ring.decreases >= 2,
      },
    },
    {
      caption: `The one thing to remember: the ring tunes itself — it doubles when full and its oldest event is fresh, halves only when full and ${QUARTER_POINT_EVENT} is stale. That asymmetry stops it flapping on bursty churn.`,
      panel: "panel-history-ring",
      trigger: {
        waitingFor: "one more flap",
        windowS: 200,
        holds: (s) => s.ring.decreases >= 3,
      },
    },
  ],
};
