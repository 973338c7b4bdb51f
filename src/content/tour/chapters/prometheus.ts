import { histogramQuantile } from "../../../ui/panels/metrics/histogramBuckets.ts";
import { formatCount } from "../../../ui/panels/shared/format.ts";
import { consistentReadQuestion } from "../../predict/questions/consistent-read.ts";
import type { Chapter } from "../chapter.ts";
import { consistentReads, waitsOverTheWall, wallBucketLe } from "../readings.ts";

const lagging = "lag=4000";

export const prometheus: Chapter = {
  id: "prometheus",
  title: "What to watch in Prometheus",
  query: lagging,
  speed: 2,
  speedNote: "This chapter plays at 2× so the counters fill up sooner.",
  question: consistentReadQuestion({
    setting: "A cache 4 s behind etcd.",
    minFinished: 20,
    windowS: 10,
  }),
  experiments: [
    {
      label: "Turn on the skip-fallback gate",
      lookFor:
        'consistent_read_total moves from {success="true", fallback="true"} to {success="false", fallback="skipped"} (Metrics).',
      keys: "lag=4000&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    },
    {
      label: "Lag 2.5 s, just under the wall",
      lookFor:
        'The waits now end in time: they all count in le="3", so count − le="3" (the timeouts) stays 0 (Metrics).',
      keys: "lag=2500",
    },
  ],
  steps: [
    {
      caption:
        'A cache 4 s behind. Most waits in apiserver_watch_cache_read_wait_seconds are over the wall: a read that times out resumes just after 3 s, so it counts in le="+Inf" only, and le="3" holds only the waits that ended in time. So count − le="3" counts the timeouts, and p99 reads exactly 3 s: histogram_quantile answers the last finite bound for a quantile inside +Inf. In production that is the sign of a cache chronically behind.',
      panel: "panel-metrics",
      quote: (s) =>
        `${formatCount(waitsOverTheWall(s))} of ${formatCount(s.readWait.count)} waits in le="${wallBucketLe(s)}", over the wall; p99 ${histogramQuantile(0.99, s.readWait)?.toFixed(2) ?? "—"} s.`,
      trigger: {
        waitingFor: "most waits over the wall",
        windowS: 30,
        holds: (s) => s.readWait.count >= 20 && waitsOverTheWall(s) * 2 >= s.readWait.count,
      },
    },
    {
      caption:
        'apiserver_watch_cache_consistent_read_total{success="true", fallback="true"} counts consistent reads that hit the wall and were answered by etcd: how often etcd pays.',
      panel: "panel-metrics",
      quote: (s) =>
        `fallback="true": ${consistentReads(s, "true", "true")}; fallback="false": ${consistentReads(s, "true", "false")}.`,
      trigger: {
        waitingFor: "fallbacks counted",
        windowS: 30,
        holds: (s) => consistentReads(s, "true", "true") >= 20,
      },
    },
    {
      caption:
        'With the skip-fallback gate (the run restarted) the same reads are counted {success="false", fallback="skipped"}: the client got 429, etcd paid nothing.',
      panel: "panel-metrics",
      query: `${lagging}&gates=ConsistentListFromCacheSkipTimeoutFallback=true`,
      quote: (s) => `fallback="skipped": ${consistentReads(s, "false", "skipped")}.`,
      trigger: {
        waitingFor: "skipped fallbacks counted",
        windowS: 30,
        holds: (s) => consistentReads(s, "false", "skipped") >= 20,
      },
    },
    {
      caption:
        'The one thing to remember: watch two series. Many waits over the wall in apiserver_watch_cache_read_wait_seconds (count − le="3", the +Inf bucket; a p99 of exactly 3 s) mean the cache is chronically behind; apiserver_watch_cache_consistent_read_total by fallback says how often etcd pays for it ("true") or clients are told to retry ("skipped").',
      panel: "panel-metrics",
      trigger: {
        waitingFor: "the counters to keep rising",
        windowS: 40,
        holds: (s) => consistentReads(s, "false", "skipped") >= 100,
      },
    },
  ],
};
