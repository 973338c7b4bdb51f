import type { SimSnapshot } from "../../../model/index.ts";
import { formatBytes, formatCount } from "../../../ui/panels/shared/format.ts";
import { count, fallbacks, maxOf } from "../../observables.ts";
import { consistentReadQuestion } from "../../predict/questions/consistent-read.ts";
import { PRESETS } from "../../presets.ts";
import type { Chapter } from "../chapter.ts";
import { recentMessage } from "../readings.ts";

// The chapter plays the gallery's large-cluster herd, without and then with the gate, so the tour
// and the presets tell the same story from the same scenario text.
function presetQuery(id: string): string {
  const preset = PRESETS.find((p) => p.id === id);
  if (preset === undefined) throw new Error(`herd chapter: no preset "${id}"`);
  return preset.query;
}

const HERD = 300;

/** The etcd panel's memory line, as the caption quotes it. */
const held = (s: SimSnapshot): string =>
  `the apiserver holds ${formatBytes(s.etcd.listBytesHeld)} for etcd's answers, peak ${formatBytes(s.etcd.listBytesPeak)}`;

export const herdChapter: Chapter = {
  id: "herd",
  title: "The thundering herd and the skip-fallback gate",
  query: presetQuery("big-herd"),
  speed: 1,
  question: consistentReadQuestion({
    setting:
      'A cluster of 100 000 pods. The watch stream into the cache stalls at 5 s; at 10 s, 300 controllers LIST everything with RV="" at once.',
    minFinished: 1,
    windowS: 30,
  }),
  experiments: [
    {
      label: "The same herd with the skip-fallback gate",
      lookFor:
        "429 at the wall, no full LIST from etcd, and the apiserver's memory stays low (etcd load).",
      keys: "objects=100000&reads=20&mix=rv0:1&stall=5-35&herd=300@10&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    },
    {
      label: "A herd of 50 instead of 300",
      lookFor: "Fewer full LISTs queue for etcd's slots: compare the queue and the memory peak.",
      keys: "objects=100000&reads=20&mix=rv0:1&stall=5-35&herd=50@10",
    },
  ],
  steps: [
    {
      caption: `A cluster of 100 000 pods of 2 KiB: one full LIST is about 205 MB. The watch stream into the cache stalls at 5 s. At 10 s, ${HERD} controllers LIST with RV="" and no limit at once — everyone relisting after an outage. etcd answers their quorum reads for the current revision, and they all park.`,
      panel: "panel-waiting-room",
      quote: (s) => `${formatCount(maxOf(s.series.waiters))} parked at once.`,
      trigger: {
        waitingFor: "the herd to park",
        windowS: 15,
        // From the recorded series, not this frame: at 100× the herd may park and leave between frames.
        holds: (s) => maxOf(s.series.waiters) >= HERD,
      },
    },
    {
      caption:
        "3 s later they hit the wall together, and the delegator sends every one of them to etcd for the whole list: a stampede of full LISTs queueing for etcd's few range slots, and every slot's answer held in the apiserver's memory while etcd builds it (the etcd panel's memory line).",
      panel: "panel-etcd-load",
      quote: (s) =>
        `${formatCount(fallbacks(s))} fallbacks served; etcd's queue peaked at ${formatCount(maxOf(s.series.etcdQueue))}; ${held(s)}.`,
      trigger: {
        waitingFor: "full LISTs served by etcd and a long etcd queue",
        windowS: 30,
        holds: (s) =>
          fallbacks(s) >= 8 && maxOf(s.series.etcdQueue) > HERD / 2 && s.etcd.listBytesHeld > 0,
      },
    },
    {
      caption:
        "The same herd with ConsistentListFromCacheSkipTimeoutFallback=true (alpha in 1.37; the run restarted): at the wall the delegator answers 429 with Retry-After: 1 instead of asking etcd. etcd stays quiet and holds nothing for the herd.",
      panel: "panel-decisions",
      query: presetQuery("big-herd-skip-fallback"),
      quote: (s) => `a client read “${recentMessage(s, "consistent", "429") ?? ""}”; ${held(s)}.`,
      trigger: {
        waitingFor: "the herd answered 429",
        windowS: 30,
        holds: (s) => count(s, "consistent", "429") >= HERD && fallbacks(s) === 0,
      },
    },
    {
      caption:
        "The one thing to remember: the gate does not make the cache faster — it trades a slow answer paid for by etcd and by the apiserver's memory for an honest \"not yet\". Retry-After: 1 is shorter than the 3 s wall on purpose: by the time a client retries, the cache has most likely caught up. Here it catches up when the stall ends at 35 s, the retries are served from the cache, and the apiserver's peak stays a fraction of the herd's peak without the gate (step 2): what the cache's own first LIST needed.",
      panel: "panel-etcd-load",
      quote: (s) =>
        `${formatCount(count(s, "consistent", "cacheAfterWait"))} reads served by the cache after waiting, ${formatCount(fallbacks(s))} fallbacks; ${held(s)}.`,
      trigger: {
        waitingFor: "the retries served by the cache",
        windowS: 40,
        holds: (s) => count(s, "consistent", "cacheAfterWait") >= HERD && fallbacks(s) === 0,
      },
    },
  ],
};
