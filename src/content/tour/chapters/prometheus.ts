import { formatCount } from "../../../ui/panels/shared/format.ts";
import type { Chapter } from "../chapter.ts";
import { consistentReads, waitsInWallBucket } from "../readings.ts";

const lagging = "lag=4000";

export const prometheus: Chapter = {
  id: "prometheus",
  title: "What to watch in Prometheus",
  query: lagging,
  speed: 2,
  speedNote: "This chapter plays at 2× so the counters fill up sooner.",
  steps: [
    {
      caption:
        'A cache 4 s behind. In apiserver_watch_cache_read_wait_seconds the le="3" bucket is fat: most waits end at the wall. In production that is the sign of a cache chronically behind.',
      panel: "panel-metrics",
      quote: (s) =>
        `${formatCount(waitsInWallBucket(s))} of ${formatCount(s.readWait.count)} waits in the (2 s, 3 s] bucket.`,
      trigger: {
        waitingFor: "most waits in the 3 s bucket",
        windowS: 30,
        holds: (s) => s.readWait.count >= 20 && waitsInWallBucket(s) * 2 >= s.readWait.count,
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
        'The one thing to remember: watch two series. A fat 3 s bucket in apiserver_watch_cache_read_wait_seconds means the cache is chronically behind; apiserver_watch_cache_consistent_read_total by fallback says how often etcd pays for it ("true") or clients are told to retry ("skipped").',
      panel: "panel-metrics",
      trigger: {
        waitingFor: "the counters to keep rising",
        windowS: 40,
        holds: (s) => consistentReads(s, "false", "skipped") >= 100,
      },
    },
  ],
};
