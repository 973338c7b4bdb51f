import { FLAT_ETCD_COST } from "../list-costs.ts";
import {
  DEFAULT_SCENARIO,
  type GateSetting,
  type ModelledGate,
  resolveGates,
  type Scenario,
} from "../scenario/index.ts";
import { constantSchedule } from "../scenario/schedule.ts";
import { NS_PER_MS, NS_PER_S, NS_PER_US } from "../time.ts";
import type { Script } from "./format.ts";

// The scenario a script runs in: the script's world as scenario keys, with every open-loop
// source, client population and random draw off (the script's timeline and requests replace
// them: script-arrivals.ts), no jitter, no timer latency, no cost for the cache's walk and no client retries
// (docs/oracle-script.md).

export function scenarioOfScript(script: Script): Scenario {
  const w = script.world;
  const gates: GateSetting[] = Object.entries(script.gates).map(([gate, enabled]) => ({
    gate: gate as ModelledGate,
    enabled: enabled === true,
  }));
  const times = (op: "restart" | "compact") =>
    script.timeline.filter((t) => t.op === op).map((t) => t.atNs);
  return {
    ...DEFAULT_SCENARIO,
    name: script.name,
    k8s: script.k8s,
    gates,
    gatesInForce: resolveGates(script.k8s, gates),
    objects: w.objects,
    objectBytes: w.objectBytes,
    writes: constantSchedule(0),
    otherWrites: constantSchedule(0),
    reads: constantSchedule(0),
    ryw: constantSchedule(0),
    watchers: constantSchedule(0),
    herd: [],
    away: [],
    lag: constantSchedule(w.lagNs / NS_PER_MS),
    jitter: constantSchedule(0),
    // 0 in a script: taking an event in takes no time (1/∞ s per event).
    processRate: constantSchedule(w.processRate === 0 ? Number.POSITIVE_INFINITY : w.processRate),
    stall: w.stalls.map(([startNs, endNs]) => ({ startNs, endNs })),
    restart: times("restart"),
    compact: times("compact"),
    requestTimeout: w.requestTimeoutNs / NS_PER_S,
    etcdConcurrency: constantSchedule(w.etcdConcurrency),
    etcdLatency: constantSchedule(w.etcdLatencyNs / NS_PER_MS),
    etcdObjectCost: (w.etcdNsPerObject ?? FLAT_ETCD_COST.nsPerObject) / NS_PER_US,
    etcdByteCost: (w.etcdNsPer2KiB ?? FLAT_ETCD_COST.nsPer2KiB) / NS_PER_US,
    // The harness's cacher walks its list in no virtual time (docs/oracle-script.md).
    cacheCost: 0,
    compaction: w.compactionIntervalNs / NS_PER_S,
    retry: "none",
    timerLatency: 0,
  };
}
