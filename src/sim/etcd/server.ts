import type { K8sVersion } from "../scenario/k8s-version.ts";
import type { Scheduler } from "../scheduler.ts";
import { tooLargeResourceVersion } from "../storage/errors.ts";
import type {
  Done,
  GetOptions,
  ListOptions,
  Storage,
  StorageListResult,
} from "../storage/interfaces.ts";
import { validateListOptions } from "../storage/list-options.ts";
import type { Pod } from "../storage/pod.ts";
import type { RequestContext } from "../storage/request-context.ts";
import type { Nanos } from "../time.ts";
import type { EtcdKv, PodSpec } from "./kv.ts";
import {
  CurrentRvJob,
  futureRevisionIsTooLarge,
  GetJob,
  isFutureRevision,
  ListJob,
} from "./range-jobs.ts";
import { type RangeCosts, type RangeJob, RangeQueue } from "./range-queue.ts";
import type { RangeReason } from "./range-stats.ts";

// etcd as a server over its data (docs/fidelity.md "World"): range requests queue for slots (range-queue.ts),
// writes commit on arrival and take no slot, progress requests are answered by a bookmark on the
// cacher's watch stream `etcdLatency` after they are sent. This is the `Storage` the apiserver
// model calls.

export type EtcdRequestReason = RangeReason | "progress" | "write";

export interface EtcdHooks {
  /** Counts one request to etcd by reason (watchcachelab_etcd_requests_total). */
  count(reason: EtcdRequestReason): void;
  /** A pod write committed: it is the newest event of etcd's log. */
  onPodCommit(): void;
  /** etcd sends a progress-notify bookmark at this revision, for a request sent at `sentAtNs`. */
  onProgressNotify(rv: number, sentAtNs: Nanos): void;
  /**
   * The apiserver's etcd3 store finished a LIST, failed ones included, returning `objects`
   * (upstream: etcd3/store.go GetList's deferred RecordStorageListMetrics).
   */
  listed(objects: number): void;
  /** etcd is about to compact to `rev`. */
  onCompact(rev: number): void;
  /** The revision moved (a write, or a compaction's marker write). */
  onRevision(rev: number): void;
}

export class EtcdServer implements Storage {
  readonly kv: EtcdKv;
  readonly ranges: RangeQueue;
  private readonly scheduler: Scheduler;
  private readonly costs: RangeCosts;
  private readonly hooks: EtcdHooks;
  private readonly progressKind: number;
  private readonly ackKind: number;
  private readonly currentRvJobs: CurrentRvJob[] = [];
  /** The apiserver's etcd3 store differs by minor (its answer to a future revision). */
  private readonly version: K8sVersion;
  /** What the store calls for its own nested calls: itself, or the same view its callers have. */
  private self: Storage = this;

  constructor(
    scheduler: Scheduler,
    kv: EtcdKv,
    costs: RangeCosts,
    hooks: EtcdHooks,
    version: K8sVersion,
  ) {
    this.scheduler = scheduler;
    this.version = version;
    this.kv = kv;
    this.costs = costs;
    this.hooks = hooks;
    this.ranges = new RangeQueue(scheduler, costs);
    this.progressKind = scheduler.kind("etcd.progressNotify");
    this.ackKind = scheduler.kind("etcd.writeAck");
  }

  /** The store's own nested calls go through `outer` (an observer of its callers' calls). */
  callsThrough(outer: Storage): void {
    this.self = outer;
  }

  /** A LIST the caller ran as range requests of its own (the reflector's pages) ended. */
  listed(objects: number): void {
    this.hooks.listed(objects);
  }

  /** Queues a range request (the reflector's relist pages come here directly). */
  submitRange(job: RangeJob): void {
    this.ranges.submit(job);
  }

  getList(key: string, opts: ListOptions, ctx: RequestContext, done: Done<StorageListResult>) {
    const validated = validateListOptions(this.kv.resourcePrefix, opts);
    if (!validated.ok) {
      done(validated.error, null);
      return;
    }
    const { withRev, continueKey } = validated.value;
    // Only the delegator knows why it calls etcd; a caller that does not say is delegating.
    const reason = ctx.etcdReason ?? "delegated";
    const counted: Done<StorageListResult> = (err, result) => {
      this.hooks.listed(result?.count ?? 0);
      done(err, result);
    };
    const answered: Done<StorageListResult> = (err, result) => {
      if (err !== null && isFutureRevision(err) && futureRevisionIsTooLarge(this.version)) {
        this.tooLargeAtCurrentRv(withRev, ctx, counted);
      } else counted(err, result);
    };
    this.submitRange(new ListJob(reason, this.kv, key, opts, withRev, continueKey, ctx, answered));
  }

  // upstream: etcd3/store.go listReadError (1.34+): a second, queued quorum read supplies the
  // "current" of the 504; if that read fails too, current is 0.
  private tooLargeAtCurrentRv(
    withRev: number,
    ctx: RequestContext,
    done: Done<StorageListResult>,
  ): void {
    this.self.getCurrentResourceVersion(ctx, (err, rv) =>
      done(tooLargeResourceVersion(withRev, err === null && rv !== null ? rv : 0, 0), null),
    );
  }

  get(
    key: string,
    opts: GetOptions,
    ctx: RequestContext,
    done: Done<{ pod: Pod | null; rv: number }>,
  ) {
    this.submitRange(new GetJob(this.kv, key, opts.resourceVersion, ctx, done));
  }

  getCurrentResourceVersion(ctx: RequestContext, done: Done<number>): void {
    this.submitRange(CurrentRvJob.take(this.kv, this.currentRvJobs, ctx, done));
  }

  requestWatchProgress(): void {
    const sentAtNs = this.scheduler.nowNs;
    const latencyNs = this.costs.latencyNs(sentAtNs);
    this.scheduler.after(latencyNs, this.progressKind, 0, () => this.notifyProgress(sentAtNs));
  }

  private notifyProgress(sentAtNs: Nanos): void {
    this.hooks.count("progress");
    this.hooks.onProgressNotify(this.kv.revision, sentAtNs);
  }

  compactRevision(): number {
    return this.kv.compactedRevision;
  }

  /** Commits a write to an existing pod now (or creates the first one); returns its revision. */
  writePod(spec: PodSpec): number {
    return this.writePodAt(this.kv.keyIndex(spec));
  }

  /** `writePod` by the key's index (`kv.keyIndex`), which a writer looks up once per pod. */
  writePodAt(keyIndex: number): number {
    this.hooks.count("write");
    // Pods are never deleted, so only a run that starts empty creates one (pod 0, once).
    const revision = this.kv.writeAt(keyIndex);
    this.hooks.onRevision(revision);
    this.hooks.onPodCommit();
    return revision;
  }

  /** A write to another resource: the revision moves, the cacher's stream carries nothing. */
  writeOutside(): void {
    this.hooks.count("write");
    this.hooks.onRevision(this.kv.writeOutside());
  }

  /** The writer learns its write's RV one `etcdLatency` after the commit. */
  acknowledge(rv: number, learn: (rv: number) => void, id: number): void {
    const latencyNs: Nanos = this.costs.latencyNs(this.scheduler.nowNs);
    this.scheduler.after(latencyNs, this.ackKind, id, () => learn(rv));
  }

  /** Compacts to `rev`; the hook first learns of it (a watch behind it fails). */
  compact(rev: number): void {
    this.hooks.onCompact(rev);
    this.kv.compact(rev);
    this.hooks.onRevision(this.kv.revision);
  }
}
