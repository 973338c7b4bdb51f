import type { Watcher } from "../apiserver/watcher.ts";
import type { ScheduledEvent } from "../scheduler.ts";
import { type ApiError, notFound, requestTimeout } from "../storage/errors.ts";
import type { Pod } from "../storage/pod.ts";
import { newRequestContext } from "../storage/request-context.ts";
import { PODS_LIST_KEY } from "../world/pods.ts";
import type { World } from "../world/world.ts";
import type { GetRequest, Script, WatchRequest } from "./format.ts";
import { failed, type RequestLog, type RequestRecord } from "./request-log.ts";

// A script's GETs and WATCHes (docs/oracle-script.md): no scenario source makes them, so they go
// straight to the apiserver's delegator, as the open loop's LISTs do, each at its instant.
// A GET has the request deadline of every non-watch request (upstream: server/filters/timeout.go
// WithTimeoutForNonLongRunningRequests); a WATCH is long-running, has none, and its client reads
// every event as it comes until `untilNs`, an ERROR event, or the cacher closing it.

/** How the REST layer words a GET's key-not-found (upstream: storage/errors InterpretGetError). */
const KEY_NOT_FOUND = "StorageError: key not found";

interface OpenWatch {
  readonly watcher: Watcher;
  readonly record: RequestRecord;
  readonly until: ScheduledEvent;
}

export class ScriptClients {
  private readonly world: World;
  private readonly log: RequestLog;
  private readonly requestTimeoutNs: number;
  private readonly watches = new Set<OpenWatch>();
  private readonly deadlineKind: number;
  private readonly untilKind: number;

  constructor(world: World, log: RequestLog, script: Script) {
    this.world = world;
    this.log = log;
    this.requestTimeoutNs = script.world.requestTimeoutNs;
    const { scheduler } = world;
    const sendKind = scheduler.kind("script.send");
    this.deadlineKind = scheduler.kind("script.deadline");
    this.untilKind = scheduler.kind("script.watchUntil");
    for (const [i, r] of script.requests.entries()) {
      if (r.verb === "get") scheduler.at(r.atNs, sendKind, i, () => this.get(r));
      if (r.verb === "watch") scheduler.at(r.atNs, sendKind, i, () => this.watch(r));
    }
  }

  /** The cacher terminated every watcher (a relist): each client reads what it got, then sees the close. */
  terminated(): void {
    for (const open of [...this.watches]) this.end(open, "closed");
  }

  // upstream: registry/generic/registry/store.go Get → delegator.go Get
  private get(r: GetRequest): void {
    const { scheduler, apiserver, reads } = this.world;
    const ctx = newRequestContext(reads.nextId(), "get");
    ctx.deadlineNs = scheduler.nowNs + this.requestTimeoutNs;
    const record = this.log.open(ctx, r.id);
    let answered = false;
    const deadline = scheduler.at(ctx.deadlineNs, this.deadlineKind, ctx.id, () => {
      answered = true;
      this.log.answerGet(record, requestTimeout(), null);
    });
    const key = `${PODS_LIST_KEY}/default/pod-${r.pod}`;
    const opts = { resourceVersion: r.rv, ignoreNotFound: false };
    apiserver.delegator.get(key, opts, ctx, (err, found) => {
      if (answered) return; // the client got its 504; the apiserver's work went on
      answered = true;
      scheduler.cancel(deadline);
      // An answer at the deadline's very instant loses to it (the harness's rule too).
      if (scheduler.nowNs >= ctx.deadlineNs) this.log.answerGet(record, requestTimeout(), null);
      else
        this.log.answerGet(record, restError(err, found?.pod ?? null, r.pod), found?.pod ?? null);
    });
  }

  // upstream: cacher.go Watch (through delegator.go Watch); no bookmarks, no initial events asked
  private watch(r: WatchRequest): void {
    const { scheduler, apiserver, reads } = this.world;
    const ctx = newRequestContext(reads.nextId(), "watch");
    const record = this.log.open(ctx, r.id);
    Object.assign(record, { code: 200, events: 0 });
    const opts = {
      resourceVersion: r.rv,
      sendInitialEvents: null,
      allowWatchBookmarks: false,
      recursive: true,
    };
    apiserver.delegator.watch(PODS_LIST_KEY, opts, ctx, (err, watcher) => {
      if (err !== null || watcher === null) {
        failed(record, err);
        this.finish(record, `error:${record.code}`);
        return;
      }
      const until = scheduler.at(r.untilNs, this.untilKind, ctx.id, () =>
        this.end(open, "untilNs"),
      );
      const open: OpenWatch = { watcher, record, until };
      this.watches.add(open);
      if (watcher.closed) this.end(open, "closed");
    });
  }

  /** The client reads every event delivered so far, then the watch ends as `endedBy` says. */
  private end(open: OpenWatch, endedBy: string): void {
    this.watches.delete(open);
    this.world.scheduler.cancel(open.until);
    const { watcher, record } = open;
    let ended = endedBy;
    for (let e = watcher.next(); e !== null; e = watcher.next()) {
      if (e.type === "ERROR") {
        if (record.events === 0) failed(record, e.status);
        ended = `error:${e.status?.code ?? 500}`;
        break;
      }
      record.events = (record.events ?? 0) + 1;
      if (e.rv !== null) record.lastRV = e.rv;
    }
    watcher.stop();
    this.finish(record, ended);
  }

  private finish(record: RequestRecord, endedBy: string): void {
    record.answeredAtNs = this.world.scheduler.nowNs;
    record.endedBy = endedBy;
  }
}

/** A GET's error as the client reads it: a missing pod is a 404 naming it. */
function restError(err: ApiError | null, pod: Pod | null, index: number): ApiError | null {
  const missing = err === null ? pod === null : err.message.startsWith(KEY_NOT_FOUND);
  return missing ? notFound("pods", `pod-${index}`) : err;
}
