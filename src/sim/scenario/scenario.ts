import { BLOCK_TIMEOUT_NS } from "../apiserver/config.ts";
import { type Nanos, NS_PER_MS } from "../time.ts";
import type { Away, Herd, Stall } from "./faults.ts";
import type { GateSetting, ResolvedGates } from "./gates.ts";
import type { K8sVersion } from "./k8s-version.ts";
import { DEFAULT_LIMITS, type ReadLimits } from "./limits.ts";
import type { ReadMix } from "./mix.ts";
import { constantSchedule, type Schedule } from "./schedule.ts";

/** The schema version this app reads and writes (docs/scenarios.md, "Schema version": what each changed). */
export const SCHEMA_VERSION = 2;

export type SchemaVersion = 1 | 2;

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
    /** The schema version the scenario was written in; 1 reads as version 1 ran (below). */
    v: SchemaVersion;
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
    /** The LIST limit of each read kind's clients; 0 = one unpaginated LIST. */
    limits: ReadLimits;
    /** Mean size of one pod object, bytes. */
    objectBytes: number;
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
  limits: DEFAULT_LIMITS,
  objectBytes: 2048,
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

/** Version 1's limits: every client LIST asked for one page of 500 (pages were not followed). */
export const VERSION_1_LIMITS: ReadLimits = { ...DEFAULT_LIMITS, consistent: 500 };

/**
 * The defaults of a schema version. A link written before a default changed keeps what it showed:
 * version 1 sent one page per LIST (`limits=consistent:500`, no `continue` followed) and a timed-out waiter resumed at its deadline (`timerLatency=0`).
 */
export function defaultsFor(version: SchemaVersion): Scenario {
  if (version === SCHEMA_VERSION) return DEFAULT_SCENARIO;
  return { ...DEFAULT_SCENARIO, v: 1, limits: VERSION_1_LIMITS, timerLatencyMs: 0 };
}

/** Whether a client follows `continue` to the end of its list (from version 2 on). */
export const followsPages = (scenario: Scenario): boolean => scenario.v >= 2;
