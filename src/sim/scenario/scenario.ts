import { BLOCK_TIMEOUT_NS } from "../apiserver/config.ts";
import { type Nanos, NS_PER_MS } from "../time.ts";
import type { Away, Herd, Stall } from "./faults.ts";
import type { GateSetting, ResolvedGates } from "./gates.ts";
import type { K8sVersion } from "./k8s-version.ts";
import type { ReadMix } from "./mix.ts";
import { constantSchedule, type Schedule } from "./schedule.ts";

/** The schema version this app reads and writes. */
export const SCHEMA_VERSION = 1;

/** The keys whose value may change during a run (docs/scenarios.md, "Schedules"). */
export const SCHEDULE_KEYS = [
  "writes",
  "otherWrites",
  "reads",
  "ryw",
  "watchers",
  "lag",
  "jitter",
  "processRate",
  "etcdConcurrency",
  "etcdLatency",
] as const;

export type ScheduleKey = (typeof SCHEDULE_KEYS)[number];

export const WHATIF_SWITCHES = ["noRvGuard", "noHysteresis"] as const;

export type WhatIf = (typeof WHATIF_SWITCHES)[number];

/** Everything a run needs, defaults filled in (docs/scenarios.md, "Run keys"); units as in the table. */
export type Scenario = Readonly<
  Record<ScheduleKey, Schedule> & {
    v: typeof SCHEMA_VERSION;
    /** Plain text, shown as text: never markup. "" when the scenario has no name. */
    name: string;
    seed: number;
    k8s: K8sVersion;
    /** The gates in force: the version's defaults with `gateSettings` applied. */
    gates: ResolvedGates;
    /** Only the gates the scenario sets, as written; this is what a link carries. */
    gateSettings: readonly GateSetting[];
    objects: number;
    mix: ReadMix;
    rywRead: "consistent" | "pinned";
    herd: readonly Herd[];
    watchTimeoutS: number;
    away: readonly Away[];
    arrival: "poisson" | "uniform";
    stall: readonly Stall[];
    restart: readonly Nanos[];
    compact: readonly Nanos[];
    requestTimeoutS: number;
    compactionS: number;
    retry: "obey" | "none" | "immediate";
    blockTimeoutMs: number;
    /** From a waiter's deadline until its timer's broadcast has woken it, ms. */
    timerLatencyMs: number;
    whatif: Readonly<Record<WhatIf, boolean>>;
  }
>;

export const DEFAULT_SCENARIO: Scenario = {
  v: SCHEMA_VERSION,
  name: "",
  seed: 1,
  k8s: "1.37",
  gates: {
    ConsistentListFromCache: true,
    ListFromCacheSnapshot: true,
    ConsistentListFromCacheSkipTimeoutFallback: false,
  },
  gateSettings: [],
  writes: constantSchedule(20),
  otherWrites: constantSchedule(30),
  objects: 1000,
  reads: constantSchedule(100),
  mix: { rv0: 0.6, consistent: 0.3, notOlderThan: 0.1, exact: 0 },
  ryw: constantSchedule(0),
  rywRead: "consistent",
  herd: [],
  watchers: constantSchedule(10),
  watchTimeoutS: 60,
  away: [],
  arrival: "poisson",
  lag: constantSchedule(20),
  jitter: constantSchedule(10),
  processRate: constantSchedule(5000),
  stall: [],
  restart: [],
  compact: [],
  requestTimeoutS: 60,
  etcdConcurrency: constantSchedule(8),
  etcdLatency: constantSchedule(2),
  compactionS: 300,
  retry: "obey",
  blockTimeoutMs: BLOCK_TIMEOUT_NS / NS_PER_MS,
  timerLatencyMs: 0.1,
  whatif: { noRvGuard: false, noHysteresis: false },
};
