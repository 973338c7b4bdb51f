import type { Scenario, ScheduleKey } from "../../src/sim/scenario/index.ts";
import {
  appendAway,
  appendHerd,
  appendStall,
  appendTime,
  appendToSchedule,
  valueAt,
} from "../../src/sim/scenario/index.ts";
import type { Fault, SimulationApi } from "../../src/sim/simulation-api.ts";
import type { Outcome, ReadKind, SimSnapshot, SnapshotView } from "../../src/sim/snapshot.ts";
import { type Nanos, NS_PER_S } from "../../src/sim/time.ts";

// A stand-in with the SimulationApi's shape for the shell's component tests: it records live
// changes and faults exactly as the contract says, and reports a plausible snapshot. It models
// nothing; the presets' truth is checked against the real simulation in test/core.

const KINDS: ReadKind[] = ["rv0", "consistent", "notOlderThan", "exact", "ryw", "relist"];
const OUTCOMES: Outcome[] = [
  "cache",
  "cacheAfterWait",
  "etcd",
  "fallback",
  "429",
  "504",
  "410",
  "other",
];

function emptyOutcomes(): SimSnapshot["outcomes"] {
  const zero = () => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  return Object.fromEntries(KINDS.map((k) => [k, zero()])) as SimSnapshot["outcomes"];
}

export interface FakeOptions {
  /** advanceTo throws once simulated time passes this many seconds. */
  failAfterS?: number;
}

export function createFakeSimulation(initial: Scenario, options: FakeOptions = {}): SimulationApi {
  let scenario = initial;
  let nowNs: Nanos = 0;
  const seconds = (ns: Nanos) => ns / NS_PER_S;
  const inject = (fault: Fault) => {
    if (fault.kind === "stall") {
      scenario = {
        ...scenario,
        stall: appendStall(scenario.stall, nowNs, fault.durationS * NS_PER_S),
      };
    } else if (fault.kind === "restart") {
      scenario = { ...scenario, restart: appendTime(scenario.restart, nowNs) };
    } else if (fault.kind === "compact") {
      scenario = { ...scenario, compact: appendTime(scenario.compact, nowNs) };
    } else if (fault.kind === "herd") {
      scenario = { ...scenario, herd: appendHerd(scenario.herd, nowNs, fault.clients) };
    } else {
      const away = appendAway(scenario.away, nowNs, fault.watchers, fault.durationS * NS_PER_S);
      scenario = { ...scenario, away };
    }
  };
  return {
    get nowNs() {
      return nowNs;
    },
    get scenario() {
      return scenario;
    },
    advanceTo(tNs) {
      if (options.failAfterS !== undefined && seconds(tNs) > options.failAfterS) {
        throw new Error("invariant broken: the fake was told to fail");
      }
      nowNs = Math.max(nowNs, tNs);
    },
    setLive(key: ScheduleKey, value: number) {
      scenario = { ...scenario, [key]: appendToSchedule(scenario[key], nowNs, value) };
    },
    inject,
    snapshot: (view: SnapshotView) => fakeSnapshot(scenario, nowNs, view),
    prometheusText: () => "# HELP watchcachelab_fake 1\n",
    traceHash: () => "0000000000000000",
  };
}

function fakeSnapshot(scenario: Scenario, nowNs: Nanos, view: SnapshotView): SimSnapshot {
  const t = nowNs / NS_PER_S;
  const revision = scenario.objects + 1 + Math.floor(t * valueAt(scenario.writes, nowNs));
  const outcomes = emptyOutcomes();
  outcomes.rv0.cache = Math.floor(t * valueAt(scenario.reads, nowNs) * scenario.mix.rv0);
  const points = Math.min(view.seriesPoints, 2);
  const series = () => new Float64Array(points);
  return {
    nowNs,
    ready: true,
    etcdRevision: revision,
    compactedRevision: 1,
    cacheRv: revision,
    lagSeconds: 0,
    ring: {
      capacity: 100,
      lowerBound: 100,
      upperBound: 102_400,
      startIndex: 0,
      endIndex: 0,
      freshWindowNs: 75 * NS_PER_S,
      oldestAgeNs: null,
      quarterAgeNs: null,
      segments: [],
      increases: 0,
      decreases: 0,
    },
    waiterCount: 0,
    waiters: [],
    timersPending: 0,
    recentOutcomes: [],
    outcomes,
    etcd: { inFlight: 0, queued: 0, concurrency: valueAt(scenario.etcdConcurrency, nowNs) },
    readWait: { bounds: [0.005, 3], cumulative: [0, 0, 0], sum: 0, count: 0 },
    consistentReads: {},
    series: {
      tNs: series(),
      etcdRevision: series(),
      cacheRv: series(),
      lagSeconds: series(),
      capacity: series(),
      waiters: series(),
      etcdQueue: series(),
    },
  };
}
