import { histogramQuantile } from "../../../ui/panels/metrics/histogramBuckets.ts";
import { consistentReads } from "../../tour/readings.ts";
import type { Challenge } from "../challenge.ts";
import { atClock } from "../readings.ts";

const paid = (s: Parameters<typeof consistentReads>[0]) => consistentReads(s, "true", "true");

export const p99WithoutEtcd: Challenge = {
  id: "p99-without-etcd",
  title: "The same p99, and etcd pays nothing",
  chapter: "prometheus",
  goal: 'The cache is 4 s behind, so the p99 of apiserver_watch_cache_read_wait_seconds reads exactly 3 s. Keep that signal, but make etcd pay for none of it: consistent_read_total{fallback="true"} must stay 0.',
  start: "lag=4000",
  allowed: ["gates", "retry"],
  lockedBecause: "the cache stays 4 s behind and the load as it is.",
  check: {
    description:
      'p99 of read_wait_seconds 3 s over ≥ 100 waits, consistent_read_total{success="true", fallback="true"} 0 and {fallback="skipped"} ≥ 100, within 30 s',
    windowS: 30,
    holds: (s) =>
      s.readWait.count >= 100 &&
      (histogramQuantile(0.99, s.readWait) ?? 0) >= 3 &&
      paid(s) === 0 &&
      consistentReads(s, "false", "skipped") >= 100,
    spoiled: (s) =>
      paid(s) > 0 ? `etcd answered ${paid(s)} fallbacks (${atClock(s.nowNs)})` : null,
  },
  hints: [
    "Two series tell two stories: the histogram says reads hit the wall, consistent_read_total by fallback says who paid.",
    "What a consistent read does at the wall can change: a feature gate of 1.37 answers 429 instead of asking etcd.",
    "Turn on ConsistentListFromCacheSkipTimeoutFallback.",
  ],
  demonstrates:
    'A p99 of exactly 3 s says reads hit the wall: the cache is chronically behind. consistent_read_total by fallback says whether etcd paid for it ("true") or the clients were told to retry ("skipped"). Watch both.',
  solution: "lag=4000&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
  speed: 2,
};
