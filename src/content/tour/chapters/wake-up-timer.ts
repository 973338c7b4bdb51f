import { formatCount } from "../../../ui/panels/shared/format.ts";
import { finished } from "../../observables.ts";
import { wakeUpTimersQuestion } from "../../predict/questions/wake-up-timers.ts";
import type { Chapter } from "../chapter.ts";

// The same fresh-cache load on 1.36 and 1.37: pinned reads whose cache has nearly always caught up.
const load = "mix=rv0:50,notOlderThan:50&otherWrites=0&lag=0&jitter=0&writes=5&reads=1000";

export const wakeUpTimer: Chapter = {
  id: "wake-up-timer",
  title: "The wake-up timer starts only for a real wait",
  query: `k8s=1.36&${load}`,
  speed: 1,
  question: wakeUpTimersQuestion({
    setting:
      "Kubernetes 1.36, 1000 reads a second, half of them pinned (RV=N, NotOlderThan), on a cache that keeps up with etcd.",
    atS: 5,
  }),
  experiments: [
    {
      label: "The same load on 1.37",
      lookFor:
        "Only reads that really wait start a timer: a few dozen instead of thousands (Waiting room).",
      keys: "k8s=1.37&mix=rv0:50,notOlderThan:50&otherWrites=0&lag=0&jitter=0&writes=5&reads=1000",
    },
    {
      label: "Drop the rv > 0 guard (whatif=noRvGuard)",
      lookFor: "Every read starts its timer before the fast path: thousands sleep at once again.",
      keys: "whatif=noRvGuard&reads=1000",
    },
  ],
  steps: [
    {
      caption:
        "Kubernetes 1.36, a cache that is nearly never behind, 500 pinned reads (RV=N) per second. Before 1.37 the wait function started a 3 s wake-up timer — a goroutine — for every read with RV > 0, even when the cache already had that RV.",
      panel: "panel-waiting-room",
      quote: (s) => `${formatCount(s.timersPending)} wake-up timers sleeping.`,
      trigger: {
        waitingFor: "wake-up timers piling up",
        windowS: 10,
        holds: (s) => s.timersPending >= 1000,
      },
    },
    {
      caption:
        "Each of those reads also recorded a wait in apiserver_watch_cache_read_wait_seconds: almost all of them 0 s. On 1.36 the histogram counts reads with RV > 0, not waits.",
      panel: "panel-metrics",
      quote: (s) =>
        `${formatCount(s.readWait.count)} observations, ${formatCount(s.readWait.cumulative[0] ?? 0)} of them under 5 ms.`,
      trigger: {
        waitingFor: "the histogram to count every pinned read",
        windowS: 20,
        holds: (s) =>
          finished(s, "notOlderThan") > 1000 && s.readWait.count >= finished(s, "notOlderThan"),
      },
    },
    {
      caption:
        "The same load on 1.37 (the run restarted): waitUntilFreshLocked returns at once when the RV is 0 or the cache already has it — no timer, no progress request, no observation. Timers and observations now mean real waits.",
      panel: "panel-waiting-room",
      query: `k8s=1.37&${load}`,
      quote: (s) =>
        `${formatCount(s.timersPending)} wake-up timers sleeping, ${formatCount(s.readWait.count)} observations.`,
      trigger: {
        waitingFor: "a thousand pinned reads served on 1.37",
        windowS: 20,
        holds: (s) => finished(s, "notOlderThan") > 1000 && s.timersPending < 50,
      },
    },
    {
      caption:
        "What the fast path saves (whatif=noRvGuard on 1.37, the run restarted): the timer starts before the early return, so every read that calls the wait function leaves one, RV=0 included. At 1000 reads/s that is about 3000 goroutines asleep at any moment; at 10 000 reads/s, 30 000. (1.37 still has the old rv > 0 guard around the timer, but it is dead code: the early return does its work. On 1.36 this what-if removes that guard.)",
      panel: "panel-waiting-room",
      query: "whatif=noRvGuard&reads=1000",
      quote: (s) => `${formatCount(s.timersPending)} wake-up timers sleeping.`,
      trigger: {
        waitingFor: "thousands of timers sleeping",
        windowS: 10,
        holds: (s) => s.timersPending >= 2000,
      },
    },
    {
      caption:
        "The one thing to remember: the cheap path stays cheap only if a read that needs no wait starts nothing. Since 1.37 the wake-up timer starts only when the cache is really behind.",
      panel: "panel-waiting-room",
      trigger: {
        waitingFor: "the timers to stay high for a while",
        windowS: 20,
        holds: (s) => s.nowNs >= 10e9 && s.timersPending >= 2000,
      },
    },
  ],
};
