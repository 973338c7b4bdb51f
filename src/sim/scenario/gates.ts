import { atLeast, K8S_VERSIONS, type K8sVersion } from "./k8s-version.ts";

// The feature gates the simulator models, per Kubernetes minor (upstream: features/kube_features.go, versioned specs; docs/scenarios.md, "Feature gates").

export const MODELLED_GATES = [
  "ConsistentListFromCache",
  "ListFromCacheSnapshot",
  "ConsistentListFromCacheSkipTimeoutFallback",
] as const;

export type ModelledGate = (typeof MODELLED_GATES)[number];

/** Real kube-apiserver gates near the watch cache that the simulator does not model. */
export const UNMODELLED_GATES: readonly string[] = [
  "WatchList",
  "ResilientWatchCacheInitialization",
  "WatchCacheInitializationPostStartHook",
  "DetectCacheInconsistency",
  "SizeBasedListCostEstimate",
  "SeparateCacheWatchRPC",
  "ConcurrentWatchObjectDecode",
  "BtreeWatchCache",
  "WatchFromStorageWithoutResourceVersion",
  "ShardedListAndWatch",
  "EtcdRangeStream",
];

export type GateStage = "Alpha" | "Beta" | "GA";

/**
 * A gate as one version has it. A version without the gate still behaves one way: `effective`
 * (in 1.37 consistent reads from the cache are unconditional; before 1.37 there is no skipping).
 */
export type GateSpec =
  | {
      readonly exists: true;
      readonly stage: GateStage;
      readonly default: boolean;
      readonly locked: boolean;
    }
  | { readonly exists: false; readonly effective: boolean };

/** Each modelled gate's value in force. */
export type ResolvedGates = Readonly<Record<ModelledGate, boolean>>;

/** A gate the scenario sets explicitly, in the order it was written. */
export type GateSetting = { readonly gate: ModelledGate; readonly enabled: boolean };

const present = (stage: GateStage, on: boolean, locked = false): GateSpec => ({
  exists: true,
  stage,
  default: on,
  locked,
});
const absent = (effective: boolean): GateSpec => ({ exists: false, effective });

const GATES_BY_VERSION: Record<K8sVersion, Record<ModelledGate, GateSpec>> = {
  "1.33": {
    ConsistentListFromCache: present("Beta", true),
    ListFromCacheSnapshot: present("Alpha", false),
    ConsistentListFromCacheSkipTimeoutFallback: absent(false),
  },
  "1.34": {
    ConsistentListFromCache: present("GA", true, true),
    ListFromCacheSnapshot: present("Beta", true),
    ConsistentListFromCacheSkipTimeoutFallback: absent(false),
  },
  "1.35": {
    ConsistentListFromCache: present("GA", true, true),
    ListFromCacheSnapshot: present("Beta", true),
    ConsistentListFromCacheSkipTimeoutFallback: absent(false),
  },
  "1.36": {
    ConsistentListFromCache: present("GA", true, true),
    ListFromCacheSnapshot: present("Beta", true),
    ConsistentListFromCacheSkipTimeoutFallback: absent(false),
  },
  "1.37": {
    ConsistentListFromCache: absent(true),
    ListFromCacheSnapshot: present("Beta", true),
    ConsistentListFromCacheSkipTimeoutFallback: present("Alpha", false),
  },
};

/**
 * How each modelled gate stands in `version`: for toggles (disabled when absent or locked). A
 * minor without a table of its own has the newest table at or before it.
 */
export const gatesFor = (version: K8sVersion): Readonly<Record<ModelledGate, GateSpec>> => {
  const known = K8S_VERSIONS.filter((v) => atLeast(version, v)).at(-1);
  if (known === undefined) throw new Error(`gates: no table at or before ${version}`);
  return GATES_BY_VERSION[known];
};

/** The version's defaults, overridden by the explicit settings (assumed valid for it). */
export function resolveGates(version: K8sVersion, settings: readonly GateSetting[]): ResolvedGates {
  const specs = gatesFor(version);
  const resolved = {} as Record<ModelledGate, boolean>;
  for (const gate of MODELLED_GATES) {
    const spec = specs[gate];
    resolved[gate] = spec.exists ? spec.default : spec.effective;
  }
  for (const { gate, enabled } of settings) resolved[gate] = enabled;
  return resolved;
}

/** The modelled gates and the versions that have them, in words (each gate's span is unbroken). */
export function gateVersionsText(): string {
  return MODELLED_GATES.map((gate) => {
    const versions = K8S_VERSIONS.filter((version) => gatesFor(version)[gate].exists);
    if (versions.length === K8S_VERSIONS.length) return gate;
    const first = versions[0];
    const last = versions.at(-1);
    return first === last ? `${gate} (${first})` : `${gate} (${first}–${last})`;
  }).join(", ");
}
