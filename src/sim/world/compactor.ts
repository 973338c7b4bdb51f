import type { EtcdServer } from "../etcd/server.ts";
import type { Scheduler } from "../scheduler.ts";
import { NS_PER_S } from "../time.ts";

// Periodic compaction (docs/fidelity.md "World"): every `compaction` seconds etcd compacts to the revision
// it had at the previous tick (the first tick: at the start), as the apiserver's compactor does:
// its marker write is part of the tick, so the next tick compacts to the revision after it.
// 0 means never. upstream: storage/etcd3/compact.go compactor

export function startCompactor(scheduler: Scheduler, etcd: EtcdServer, intervalS: number): void {
  if (!(intervalS > 0)) return;
  const kind = scheduler.kind("etcd.compactor.tick");
  const periodNs = intervalS * NS_PER_S;
  let previousRevision = etcd.kv.revision;
  const tick = () => {
    etcd.compact(previousRevision);
    previousRevision = etcd.kv.revision;
    scheduler.after(periodNs, kind, 0, tick);
  };
  scheduler.at(periodNs, kind, 0, tick);
}
