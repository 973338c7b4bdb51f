import type { SimSnapshot } from "../model/index.ts";
import { encodeScenario, parseScenario } from "../model/index.ts";
import { count, fallbacks, finished, maxOf, servedByCacheShare, shareOf } from "./observables.ts";
import type { Question } from "./predict/question.ts";
import { consistentReadQuestion } from "./predict/questions/consistent-read.ts";
import { freshWithinQuestion, freshWithinShare } from "./predict/questions/fresh-within.ts";
import { readYourWriteQuestion } from "./predict/questions/read-your-write.ts";
import { ringCeilingQuestion } from "./predict/questions/ring-ceiling.ts";
import { ringResizeQuestion } from "./predict/questions/ring-resize.ts";
import { rv0ReadQuestion } from "./predict/questions/rv0-read.ts";
import { waitHistogramQuestion } from "./predict/questions/wait-histogram.ts";
import { wakeUpTimersQuestion } from "./predict/questions/wake-up-timers.ts";
import { watcherReturnQuestion } from "./predict/questions/watcher-return.ts";
import { QUARTER_POINT_EVENT } from "./quarter-point.ts";

// The gallery: each preset is a scenario link and the one thing it must show within a window of
// simulated time. The node tests and the browser tests check every observable, so a preset that
// stops telling the truth fails the build instead of misleading a reader.

export interface Observable {
  /** What to look for, in the words shown next to the preset. */
  description: string;
  /** Simulated seconds by which it must have been seen. */
  windowS: number;
  holds: (snapshot: SimSnapshot) => boolean;
}

export interface Preset {
  id: string;
  title: string;
  /** One line: what the preset shows and why it matters. */
  explanation: string;
  /** Scenario text (docs/scenarios.md), without `name`: the title is added as the name. */
  query: string;
  observable: Observable;
  /** Asked before the preset plays when it is opened (src/content/predict/); judged on its run. */
  question: Question;
}

const herd = "stall=5-25&herd=2000@10";
// 300 controllers each LIST 100 000 pods at once (one full LIST, limits=consistent:0) while the
// watch stream is stalled; RV=0 readers alone keep the cache busy meanwhile.
const bigHerd = "objects=100000&reads=20&mix=rv0:1&stall=5-35&herd=300@10";
const FULL_LIST_BYTES = 100000 * 2048;
// A large production cluster. The request timeout keeps history fresh for 1815 s, 24 times the
// default 75 s, so the ring's ceiling is 2^5 × 102 400 = 3 276 800 events (reached after about
// 27 simulated minutes at 2000 writes/s); etcd needs 64 slots for the quorum read behind each
// consistent LIST (with the default 8 its queue grows without end).
const LARGE_CLUSTER_RING_CEILING = 3_276_800;
const largeCluster =
  "objects=150000&reads=20000&writes=2000&requestTimeout=1800&watchers=1000&etcdConcurrency=64";

// KEP-2340's "Qualification": after a year in beta, with every read with RV > 0 observed (the ≤ 1.36
// rule), 99.9 % of a fleet's waits for a fresh cache ended within 110 ms. docs/fidelity.md ("How
// long reads wait") has the run that matches it and why the rarer tails are left out.
const productionLike = "k8s=1.36&reads=1000&lag=10&jitter=6";

export const PRESETS: readonly Preset[] = [
  {
    id: "healthy",
    title: "Healthy cache",
    explanation:
      "The defaults: the cache trails etcd by milliseconds and serves nearly every read.",
    query: "",
    observable: {
      description: "≥ 95 % of consistent reads served by the cache, no fallbacks, within 60 s",
      windowS: 60,
      holds: (s) =>
        finished(s, "consistent") > 100 &&
        servedByCacheShare(s, "consistent") >= 0.95 &&
        fallbacks(s) === 0,
    },
    question: consistentReadQuestion({
      setting: "The defaults: events reach the cache about 20 ms after etcd commits them.",
      minFinished: 100,
      windowS: 10,
    }),
  },
  {
    id: "ryw-consistent",
    title: "Read your own write (consistent)",
    explanation:
      'Clients write, then LIST with RV="" as kubectl does: a short wait, then the cache answers.',
    query: "ryw=50&rywRead=consistent",
    observable: {
      description:
        "read-your-own-write reads served by the cache after a wait, none by etcd, within 60 s",
      windowS: 60,
      holds: (s) => count(s, "ryw", "cacheAfterWait") > 100 && count(s, "ryw", "fallback") === 0,
    },
    question: readYourWriteQuestion({
      setting: 'Clients write an object, then LIST with RV="" to read it back, as kubectl does.',
      minFinished: 50,
      windowS: 10,
    }),
  },
  {
    id: "ryw-pinned",
    title: "Read your own write (pinned)",
    explanation:
      "Clients read at their write's RV (NotOlderThan): early, not wrong — they wait for the cache.",
    query: "ryw=50&rywRead=pinned",
    observable: {
      description:
        "read-your-own-write reads served by the cache after a wait, no 504, within 60 s",
      windowS: 60,
      holds: (s) => count(s, "ryw", "cacheAfterWait") > 100 && count(s, "ryw", "504") === 0,
    },
    question: readYourWriteQuestion({
      setting:
        "Clients write an object, then read it back at their write's RV (RV=N, NotOlderThan).",
      minFinished: 50,
      windowS: 10,
    }),
  },
  {
    id: "lagging",
    title: "Lagging cache hits the 3 s wall",
    explanation:
      "Events reach the cache 4 s late: consistent reads wait the full 3 s, then etcd answers.",
    query: "lag=4000",
    observable: {
      description: "≥ 90 % of consistent reads fall back to etcd within 60 s",
      windowS: 60,
      holds: (s) =>
        finished(s, "consistent") > 100 && shareOf(s, "consistent", ["fallback"]) >= 0.9,
    },
    question: consistentReadQuestion({
      setting: "Events reach the cache 4 s after etcd commits them.",
      minFinished: 20,
      windowS: 10,
    }),
  },
  {
    id: "herd",
    title: "A herd stampedes etcd",
    explanation:
      "The watch stream stalls at 5 s; at 10 s 2000 clients LIST at once: etcd answers their quorum reads, then, 3 s later, all their fallbacks.",
    query: herd,
    observable: {
      description: "≥ 2000 fallbacks and etcd's queue above 500 within 30 s",
      windowS: 30,
      holds: (s) => fallbacks(s) >= 2000 && maxOf(s.series.etcdQueue) > 500,
    },
    question: consistentReadQuestion({
      setting:
        'The watch stream into the cache stalls at 5 s; at 10 s, 2000 clients LIST with RV="" at once.',
      minFinished: 2000,
      windowS: 30,
    }),
  },
  {
    id: "herd-skip-fallback",
    title: "The same herd, answered with 429",
    explanation:
      "With ConsistentListFromCacheSkipTimeoutFallback the wall answers 429 + Retry-After: 1 instead of asking etcd.",
    query: `${herd}&gates=ConsistentListFromCacheSkipTimeoutFallback=true`,
    observable: {
      description: "≥ 2000 answers 429 and no fallback to etcd within 30 s",
      windowS: 30,
      holds: (s) => count(s, "consistent", "429") >= 2000 && fallbacks(s) === 0,
    },
    question: consistentReadQuestion({
      setting:
        'The watch stream stalls at 5 s; at 10 s, 2000 clients LIST with RV="" at once. The gate ConsistentListFromCacheSkipTimeoutFallback is on.',
      minFinished: 2000,
      windowS: 30,
    }),
  },
  {
    id: "big-herd",
    title: "A herd of full LISTs on a large cluster",
    explanation:
      "100 000 pods of 2 KiB, the watch stream stalled: 300 full LISTs fall back together, and every etcd slot holds a 205 MB answer in the apiserver's memory.",
    query: bigHerd,
    observable: {
      description:
        "≥ 100 fallbacks served, etcd's queue above 250, and the apiserver holding ≥ 1.6 GB for LISTs within 40 s",
      windowS: 40,
      holds: (s) =>
        fallbacks(s) >= 100 &&
        maxOf(s.series.etcdQueue) > 250 &&
        s.etcd.listBytesPeak >= 8 * FULL_LIST_BYTES,
    },
    question: consistentReadQuestion({
      setting:
        'A cluster of 100 000 pods. The watch stream stalls at 5 s; at 10 s, 300 controllers LIST everything with RV="" at once.',
      minFinished: 1,
      windowS: 30,
    }),
  },
  {
    id: "big-herd-skip-fallback",
    title: "The same full LISTs, with the skip-fallback gate",
    explanation:
      "The gate answers the herd 429 at the wall: etcd never serves the 300 full LISTs, and the cache answers them once the stall ends.",
    query: `${bigHerd}&gates=ConsistentListFromCacheSkipTimeoutFallback=true`,
    observable: {
      description:
        "no fallback, all 300 herd LISTs answered by the cache, and the apiserver's peak ≤ ¼ of the herd without the gate (≤ 410 MB), within 40 s",
      windowS: 40,
      holds: (s) =>
        fallbacks(s) === 0 &&
        count(s, "consistent", "cacheAfterWait") >= 300 &&
        s.etcd.listBytesPeak <= (9 * FULL_LIST_BYTES) / 4,
    },
    question: consistentReadQuestion({
      setting:
        'A cluster of 100 000 pods. The watch stream stalls at 5 s; at 10 s, 300 controllers LIST everything with RV="" at once. The gate ConsistentListFromCacheSkipTimeoutFallback is on.',
      minFinished: 1,
      windowS: 30,
    }),
  },
  {
    id: "ring-grow-shrink",
    title: "Churn grows the ring, a trickle shrinks it",
    explanation: `2000 writes/s for 25 s, then a trickle: the ring doubles while its oldest event is fresh and halves at a write once ${QUARTER_POINT_EVENT} is older than 75 s. With no writes at all it never shrinks (kubernetes/kubernetes#139250).`,
    query: "writes=2000@0,20@25",
    observable: {
      description: "the ring's capacity grows, then shrinks, within 120 s",
      windowS: 120,
      holds: (s) => s.ring.increases > 0 && s.ring.decreases > 0,
    },
    question: ringResizeQuestion({
      setting: "2000 writes a second for 25 s, then a trickle of 20 a second.",
      byS: 120,
    }),
  },
  {
    id: "request-timeout",
    title: "A longer --request-timeout raises the ceiling",
    explanation:
      "requestTimeout=300 widens the fresh window to 315 s and the ring's upper bound past 102 400.",
    query: "requestTimeout=300&writes=3000",
    observable: {
      description: "capacity above 102 400 events within 60 s",
      windowS: 60,
      holds: (s) => s.ring.upperBound > 102_400 && s.ring.capacity > 102_400,
    },
    question: ringCeilingQuestion({
      setting: "--request-timeout=300 (5 minutes instead of 1) and 3000 writes a second.",
      byS: 60,
    }),
  },
  {
    id: "watcher-away",
    title: "A watcher away too long gets 410",
    explanation:
      "5 watchers disconnect for 100 s; the ring no longer reaches back to their RV, so they relist.",
    query: "away=5@10:100",
    observable: {
      description: "≥ 5 relists after 410 Expired within 130 s",
      windowS: 130,
      holds: (s) => finished(s, "relist") >= 5,
    },
    question: watcherReturnQuestion({
      setting: "5 watchers disconnect at 10 s and stay away for 100 s while the writes go on.",
      byS: 115,
      windowS: 120,
    }),
  },
  {
    id: "no-rv-guard",
    title: "What a wake-up timer for every read costs",
    explanation:
      "whatif=noRvGuard on 1.37: the wait starts its 3 s timer before the fast path, so every read leaves one sleeping — thousands at once (on 1.36 it drops the rv > 0 guard, dead code in 1.37).",
    query: "whatif=noRvGuard&reads=1000",
    observable: {
      description: "≥ 2000 wake-up timers pending within 10 s",
      windowS: 10,
      holds: (s) => s.timersPending >= 2000,
    },
    question: wakeUpTimersQuestion({
      setting:
        "whatif=noRvGuard: the wait starts its 3 s wake-up timer before it checks the cache. 1000 reads a second.",
      atS: 5,
    }),
  },
  {
    id: "k8s-1.36",
    title: "1.36: a timer and an observation for every RV > 0 read",
    explanation:
      "Before 1.37 every read with RV > 0 started a wake-up timer and recorded a wait, even a 0 s one.",
    query: "k8s=1.36&mix=rv0:50,notOlderThan:50&otherWrites=0",
    observable: {
      description: "the wait histogram counts every NotOlderThan read within 60 s",
      windowS: 60,
      holds: (s) =>
        finished(s, "notOlderThan") > 100 && s.readWait.count >= finished(s, "notOlderThan"),
    },
    question: waitHistogramQuestion({
      setting:
        "Kubernetes 1.36. Half the reads are pinned (RV=N, NotOlderThan), on a cache that keeps up with etcd.",
      minFinished: 100,
      windowS: 10,
    }),
  },
  {
    id: "k8s-1.37",
    title: "1.37: timers and observations only for real waits",
    explanation:
      "The same load on 1.37: reads that find the cache fresh return at once, unobserved.",
    query: "k8s=1.37&mix=rv0:50,notOlderThan:50&otherWrites=0",
    observable: {
      description: "the wait histogram counts only the NotOlderThan reads that waited, within 60 s",
      windowS: 60,
      holds: (s) =>
        finished(s, "notOlderThan") > 100 &&
        s.readWait.count <=
          finished(s, "notOlderThan") - count(s, "notOlderThan", "cache") + s.waiterCount,
    },
    question: waitHistogramQuestion({
      setting:
        "Kubernetes 1.37. Half the reads are pinned (RV=N, NotOlderThan), on a cache that keeps up with etcd.",
      minFinished: 100,
      windowS: 10,
    }),
  },
  {
    id: "heavy",
    title: "Heavy",
    explanation: "10 000 reads/s, 1000 writes/s, 100 watchers: the cheap path stays cheap.",
    query: "reads=10000&writes=1000&watchers=100",
    observable: {
      description: "≥ 99 % of RV=0 reads served by the cache without a wait within 10 s",
      windowS: 10,
      holds: (s) => finished(s, "rv0") > 10_000 && shareOf(s, "rv0", ["cache"]) >= 0.99,
    },
    question: rv0ReadQuestion({
      setting: "10 000 reads a second (most of them RV=0), 1000 writes a second, 100 watchers.",
      minFinished: 1000,
      windowS: 5,
    }),
  },
  {
    id: "large-cluster",
    title: "Large cluster",
    explanation:
      "150 000 pods, 20 000 reads/s, 2000 writes/s, 1000 watchers and a 30-minute request timeout: the ring may grow to 3 276 800 events; 64 etcd slots keep up with the quorum reads.",
    query: largeCluster,
    observable: {
      description:
        "the ring's ceiling at 3 276 800 events, etcd's queue under 100 and ≥ 99 % of consistent reads served by the cache within 10 s",
      windowS: 10,
      holds: (s) =>
        s.ring.upperBound === LARGE_CLUSTER_RING_CEILING &&
        maxOf(s.series.etcdQueue) < 100 &&
        finished(s, "consistent") > 10_000 &&
        servedByCacheShare(s, "consistent") >= 0.99,
    },
    question: consistentReadQuestion({
      setting:
        "150 000 pods, 20 000 reads a second, 2000 writes a second; etcd serves 64 range requests at once.",
      minFinished: 5000,
      windowS: 5,
    }),
  },
  {
    id: "production-like",
    title: "Production-like waits",
    explanation:
      "1.36 observes every read with RV > 0. Watch events reach the apiserver 10 ms after etcd commits them (same region) plus a random 6 ms on average (an exponential tail: a busy etcd or apiserver now and then); a read whose revision brings no pod event waits for the progress the cache asks etcd for every 100 ms (upstream's period). So 99.9 % of waits end within 110 ms, as KEP-2340's fleet reported.",
    query: productionLike,
    observable: {
      description:
        "≥ 99.5 % of at least 10 000 waits end within 110 ms, none at the wall, within 30 s",
      windowS: 30,
      holds: (s) =>
        s.waitTally.waits >= 10_000 && freshWithinShare(s) >= 0.995 && s.waitTally.atWall === 0,
    },
    question: freshWithinQuestion({
      setting:
        "Kubernetes 1.36, 1000 reads a second, events 10 ms + about 6 ms behind etcd, the cache asking for progress every 100 ms.",
      minWaits: 5000,
      windowS: 20,
    }),
  },
];

/** The preset's scenario text as the codec writes it, its title as the scenario's name. */
export function presetScenarioQuery(preset: Preset): string {
  const { scenario } = parseScenario(preset.query);
  return encodeScenario({ ...scenario, name: preset.title });
}
