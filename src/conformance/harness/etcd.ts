import * as v from "valibot";
import { EtcdKv, type KvEvent } from "../../sim/etcd/kv.ts";
import type { RangeCosts } from "../../sim/etcd/range-queue.ts";
import { EtcdServer } from "../../sim/etcd/server.ts";
import { FLAT_ETCD_COST } from "../../sim/list-costs.ts";
import { podKey } from "../../sim/storage/pod.ts";
import { RawStep, type Step } from "../schema/ops.ts";
import { FeatureGates } from "../schema/shared.ts";
import { Bool, Count, Int, Text } from "../schema/values.ts";
import { ApiserverRig } from "./apiserver.ts";

// Harness E (docs/conformance.md): cacher_test.go testSetupWithEtcdServer — a fresh etcd (the
// scenario's etcd server with no latency and unlimited slots), a cacher over it, the delegator
// in front. Pod writes reach the cache at once, each followed by its RV as the reflector does;
// etcd sends progress bookmarks only when asked.

export const HarnessEInput = v.strictObject({
  featureGates: FeatureGates,
  consistentReadSupported: Bool,
  eventFreshDurationNs: Count,
  etcdInitialRevision: Int,
  clockMode: v.picklist(["auto"]),
  steps: v.array(RawStep),
  setup: Text,
});
export type HarnessEInput = v.InferOutput<typeof HarnessEInput>;

const INSTANT: RangeCosts = {
  concurrency: () => Number.MAX_SAFE_INTEGER,
  latencyNs: () => 0,
  answered: () => {},
  objectBytes: 2048,
  transfer: FLAT_ETCD_COST,
};

export interface HarnessE {
  readonly rig: ApiserverRig;
  readonly kv: EtcdKv;
  readonly server: EtcdServer;
}

export function newHarnessE(input: HarnessEInput): HarnessE {
  const kv = new EtcdKv(input.etcdInitialRevision, "/pods/");
  let server: EtcdServer | null = null;
  const rig = new ApiserverRig(input, (scheduler) => {
    server = new EtcdServer(
      scheduler,
      kv,
      INSTANT,
      {
        count: () => {},
        listed: () => {},
        onPodCommit: () => {},
        onProgressNotify: (rv) => rig.watchCache.updateResourceVersion(rv),
        onCompact: () => {},
        onRevision: () => {},
      },
      "1.37",
    );
    return server;
  });
  if (server === null) throw new Error("harness E: no etcd server");
  // The cacher's first LIST: an empty etcd, so the cache is Ready and empty at its revision.
  rig.watchCache.replace([], kv.revision);
  return { rig, kv, server };
}

/** The ops of harness E that are not calls. */
export const E_OPS = [
  "etcdCreate",
  "etcdUpdate",
  "etcdDelete",
  "etcdWriteOtherKey",
  "etcdCompact",
  "clockStep",
] as const;

export function applyE(e: HarnessE, step: Step): void {
  const { rig, kv } = e;
  switch (step.op) {
    case "etcdCreate":
      // etcd refuses to create an existing key (no new revision).
      if (kv.current(podKey("/pods/", step)) === null) deliver(rig, kv.create(step));
      return;
    case "etcdUpdate":
      deliver(rig, kv.current(podKey("/pods/", step)) === null ? kv.create(step) : kv.update(step));
      return;
    case "etcdDelete":
      // Deleting a missing key changes nothing, the revision included.
      if (kv.current(podKey("/pods/", step)) !== null)
        deliver(rig, kv.delete(step.namespace, step.name));
      return;
    case "etcdWriteOtherKey":
      kv.writeOutside();
      return;
    case "etcdCompact":
      (e.server as EtcdServer).compact(step.rv);
      // The cacher's compactor notices before the next step.
      if (rig.cacher.config.gates.ListFromCacheSnapshot) rig.cacher.runCompactor();
      return;
    case "clockStep":
      rig.scheduler.runUntil(rig.scheduler.nowNs + step.durationNs);
      return;
    default:
      throw new Error(`harness E: op ${step.op} is not a harness-E op`);
  }
}

// The cacher's reflector: each watch event, then its RV (upstream: watch_cache.go processEvent, then UpdateResourceVersion).
function deliver(rig: ApiserverRig, event: KvEvent): void {
  rig.watchCache.processEvent(event.type, event.object, event.revision, rig.scheduler.nowNs);
  rig.watchCache.updateResourceVersion(event.revision);
}
