import { FLAT_ETCD_COST } from "../list-costs.ts";
import { NS_PER_US } from "../time.ts";
import type { ResolvedGates } from "./gates.ts";
import { resolveGates } from "./gates.ts";
import type { KeyDescriptor, SchemaVersion } from "./key-codecs.ts";
import { SCENARIO_KEYS, SCHEMA_VERSION, type ScenarioKey } from "./keys.ts";
import { VERSION_1_LIMITS } from "./limits.ts";

// A scenario is the table of run keys filled in: one field per key, of the key's own name, in the
// key's own unit (docs/scenarios.md, "Run keys"), plus the gates in force that `gates` and `k8s`
// resolve to.

type ValueOf<D> = D extends KeyDescriptor<infer T, infer _S> ? T : never;

type Fields = { readonly [K in ScenarioKey]: ValueOf<(typeof SCENARIO_KEYS)[K]> };

/** Everything a run needs, defaults filled in. */
export type Scenario = Fields & {
  /** The gates in force: the version's defaults with `gates` (the settings as written) applied. */
  readonly gatesInForce: ResolvedGates;
};

/** The keys whose value may change during a run (docs/scenarios.md, "Schedules"), in table order. */
export type ScheduleKey = {
  [K in ScenarioKey]: (typeof SCENARIO_KEYS)[K]["value"]["kind"] extends "schedule" ? K : never;
}[ScenarioKey];

const KEYS = Object.keys(SCENARIO_KEYS) as ScenarioKey[];

export const SCHEDULE_KEYS: readonly ScheduleKey[] = KEYS.filter(
  (key): key is ScheduleKey => SCENARIO_KEYS[key].value.kind === "schedule",
);

const fieldDefaults = Object.fromEntries(
  KEYS.map((key) => [key, SCENARIO_KEYS[key].default]),
) as unknown as Fields;

export const DEFAULT_SCENARIO: Scenario = {
  ...fieldDefaults,
  gatesInForce: resolveGates(fieldDefaults.k8s, fieldDefaults.gates),
};

/** The LIST costs before KEP-2340's fit: 10 µs per 2 KiB from etcd, nothing for the cache's walk. */
const FLAT_COSTS = {
  etcdObjectCost: FLAT_ETCD_COST.nsPerObject / NS_PER_US,
  etcdByteCost: FLAT_ETCD_COST.nsPer2KiB / NS_PER_US,
  cacheCost: 0,
} as const;

/**
 * The defaults of a schema version. A link written before a default changed keeps what it showed:
 * versions 1 and 2 priced LISTs at 10 µs per 2 KiB from etcd and nothing for the cache's walk;
 * version 1 also sent one page per LIST (`limits=consistent:500`, no `continue` followed) and a
 * timed-out waiter resumed at its deadline (`timerLatency=0`).
 */
export function defaultsFor(version: SchemaVersion): Scenario {
  if (version === SCHEMA_VERSION) return DEFAULT_SCENARIO;
  if (version === 2) return { ...DEFAULT_SCENARIO, v: 2, ...FLAT_COSTS };
  return { ...DEFAULT_SCENARIO, v: 1, limits: VERSION_1_LIMITS, timerLatency: 0, ...FLAT_COSTS };
}

/** Whether a client follows `continue` to the end of its list (from version 2 on). */
export const followsPages = (scenario: Scenario): boolean => scenario.v >= 2;
