import type * as v from "valibot";
import { type ApiserverConfig, BLOCK_TIMEOUT_NS, NO_WHATIF } from "../../sim/apiserver/config.ts";
import type { FeatureGates } from "../schema/shared.ts";

/** What every harness case says about the apiserver it builds. */
export interface HarnessApiserver {
  readonly featureGates: v.InferOutput<typeof FeatureGates>;
  readonly eventFreshDurationNs: number;
  readonly consistentReadSupported: boolean;
}

/** The pinned commit's apiserver (1.37) with the case's gates and window; no what-ifs, no timer latency. */
export function harnessConfig(input: HarnessApiserver): ApiserverConfig {
  const gates = input.featureGates;
  return {
    version: "1.37",
    gates: {
      ConsistentListFromCache: true,
      ListFromCacheSnapshot: gates.ListFromCacheSnapshot,
      ConsistentListFromCacheSkipTimeoutFallback: gates.ConsistentListFromCacheSkipTimeoutFallback,
    },
    blockTimeoutNs: BLOCK_TIMEOUT_NS,
    // Upstream's tests run on a fake clock: a timed-out wait observes exactly 3 s.
    timerLatencyNs: 0,
    eventFreshDurationNs: input.eventFreshDurationNs,
    whatif: NO_WHATIF,
    consistentReadSupported: input.consistentReadSupported,
  };
}
