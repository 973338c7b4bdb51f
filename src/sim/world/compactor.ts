import type { EtcdServer } from "../etcd/server.ts";
import type { Scheduler } from "../scheduler.ts";
import { NS_PER_S } from "../time.ts";

// Periodic compaction (SEMANTICS §11): every `compaction` seconds etcd compacts to the revision
// it had at the previous tick, as the apiserver's compactor does. 0 means never.

export function startCompactor(scheduler: Scheduler, etcd: EtcdServer, intervalS: number): void {
  if (!(intervalS > 0)) return;
  const kind = scheduler.kind("etcd.compactor.tick");
  const periodNs = intervalS * NS_PER_S;
  let previousRevision = etcd.kv.revision;
  const tick = () => {
    const target = previousRevision;
    previousRevision = etcd.kv.revision;
    etcd.compact(target);
    scheduler.after(periodNs, kind, 0, tick);
  };
  scheduler.at(periodNs, kind, 0, tick);
}
