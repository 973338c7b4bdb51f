import type { CacheDelegator } from "../apiserver/delegator.ts";
import { READ_MIX_KINDS, type ReadMixKind } from "../scenario/index.ts";
import type { Scheduler } from "../scheduler.ts";
import { decodeRawUrl } from "../storage/base64url.ts";
import type { ApiError } from "../storage/errors.ts";
import type { Done, Storage, StorageListResult } from "../storage/interfaces.ts";
import { type Pod, podKey } from "../storage/pod.ts";
import type { RequestContext } from "../storage/request-context.ts";
import type { Nanos } from "../time.ts";
import { POD_PREFIX } from "../world/pods.ts";
import type { ListApi, ListPage } from "../world/read-request.ts";
import { fnv1a64 } from "./fnv.ts";

// What each request of a script saw, as docs/oracle-script.md's outcome file lists it: the
// apiserver's answer to every page (code, message, Retry-After, the list's RV, its keys, the
// decoded continue token, the instant) and the storage calls the request made on the way. It
// watches from outside: a wrapper around the LIST entry clients call and one around etcd as the
// apiserver calls it; nothing in the model changes for it.

export interface StorageCall {
  readonly call: "GetList" | "Get" | "GetCurrentResourceVersion";
  readonly atNs: Nanos;
  doneNs: Nanos | null;
}

export interface RequestRecord {
  readonly id: string;
  readonly sentAtNs: Nanos;
  answeredAtNs: Nanos | null;
  code: number | null;
  message: string;
  retryAfterSeconds: number | null;
  listRV: number | null;
  count: number | null;
  keysDigest: string | null;
  firstKey: string | null;
  lastKey: string | null;
  continue: { readonly rv: number; readonly start: string } | null;
  readonly storageCalls: StorageCall[];
  /** Watches only: events read, the RV of the last, and how the watch ended. */
  events?: number;
  lastRV?: number;
  endedBy?: string;
}

/** Lists longer than this are reported by count and first and last key, not by every key. */
export const MAX_DIGESTED_KEYS = 5000;

export class RequestLog {
  readonly records: RequestRecord[] = [];
  private readonly scheduler: () => Scheduler;
  /** Script ids of each kind's requests not yet sent, in the order the run fires them. */
  private readonly waiting: Map<ReadMixKind, string[]>;
  /** The record of each model request's page now in flight, by the request's id. */
  private readonly current = new Map<number, RequestRecord>();
  private readonly pages = new Map<number, { readonly id: string; count: number }>();

  constructor(scheduler: () => Scheduler, idsByKind: ReadonlyMap<ReadMixKind, readonly string[]>) {
    this.scheduler = scheduler;
    this.waiting = new Map(READ_MIX_KINDS.map((k) => [k, [...(idsByKind.get(k) ?? [])]]));
  }

  /** The LIST entry clients call: each call is a page request sent. */
  readonly tapApi = (delegator: CacheDelegator): ListApi => ({
    getList: (key, opts, ctx, done) => {
      this.begin(ctx);
      delegator.getList(key, opts, ctx, done);
    },
  });

  /** What the client got for its page: the apiserver's answer, or its own 504 at the deadline. */
  readonly settled = (ctx: RequestContext, err: ApiError | null, list: ListPage | null) => {
    // The attempt's record stays current until the request's next attempt: the apiserver's work
    // on it goes on after a client's 504, and its later storage calls are still its own.
    const record = this.current.get(ctx.id);
    if (record === undefined) throw new Error(`script: an answer to request ${ctx.id}, never sent`);
    // The delegator hands its clients the list it made (a ListPage that knows its keys).
    this.answer(record, err, list as StorageListResult | null);
  };

  /** etcd as the apiserver calls it, each call written down under the request that made it. */
  readonly tapStorage = (storage: Storage): Storage => ({
    getList: (key, opts, ctx, done) =>
      storage.getList(key, opts, ctx, this.call(ctx, "GetList", done)),
    get: (key, opts, ctx, done) => storage.get(key, opts, ctx, this.call(ctx, "Get", done)),
    getCurrentResourceVersion: (ctx, done) =>
      storage.getCurrentResourceVersion(ctx, this.call(ctx, "GetCurrentResourceVersion", done)),
    requestWatchProgress: () => storage.requestWatchProgress(),
    compactRevision: () => storage.compactRevision(),
  });

  private get nowNs(): Nanos {
    return this.scheduler().nowNs;
  }

  private begin(ctx: RequestContext): RequestRecord {
    let page = this.pages.get(ctx.id);
    if (page === undefined) {
      const id = this.waiting.get(ctx.kind as ReadMixKind)?.shift();
      if (id === undefined)
        throw new Error(`script: request ${ctx.id} (${ctx.kind}) is not in the script`);
      page = { id, count: 0 };
      this.pages.set(ctx.id, page);
    }
    page.count++;
    return this.open(ctx, page.count === 1 ? page.id : `${page.id}.p${page.count}`);
  }

  /** A request sent now under `ctx` (a get or a watch, or a LIST's page), written down as `id`. */
  open(ctx: RequestContext, id: string): RequestRecord {
    const record: RequestRecord = {
      id,
      sentAtNs: this.nowNs,
      answeredAtNs: null,
      code: null,
      message: "",
      retryAfterSeconds: null,
      listRV: null,
      count: null,
      keysDigest: null,
      firstKey: null,
      lastKey: null,
      continue: null,
      storageCalls: [],
    };
    this.records.push(record);
    this.current.set(ctx.id, record);
    return record;
  }

  private call<T>(ctx: RequestContext, call: StorageCall["call"], done: Done<T>): Done<T> {
    const record = this.current.get(ctx.id);
    if (record === undefined) return done;
    const entry: StorageCall = { call, atNs: this.nowNs, doneNs: null };
    record.storageCalls.push(entry);
    return (err, value) => {
      entry.doneNs = this.nowNs;
      done(err, value);
    };
  }

  /** The client's answer to a GET: the pod, at its own RV, or the error. */
  answerGet(record: RequestRecord, err: ApiError | null, pod: Pod | null): void {
    record.answeredAtNs = this.nowNs;
    if (err !== null || pod === null) {
      failed(record, err);
      return;
    }
    const key = podKey(POD_PREFIX, pod);
    Object.assign(record, { code: 200, listRV: pod.rv, count: 1, firstKey: key, lastKey: key });
    record.keysDigest = fnv1a64(key);
  }

  private answer(record: RequestRecord, err: ApiError | null, list: StorageListResult | null) {
    record.answeredAtNs = this.nowNs;
    if (err !== null || list === null) {
      failed(record, err);
      return;
    }
    record.code = 200;
    record.listRV = list.rv;
    record.count = list.count;
    const keys = keysOf(list);
    record.firstKey = keys.first;
    record.lastKey = keys.last;
    record.keysDigest = keys.all === null ? null : fnv1a64(keys.all.join("\n"));
    if (list.continue !== "") record.continue = tokenFields(list.continue);
  }
}

/** An error as the client reads it: code, message and Retry-After (a non-API error is a 500). */
export function failed(record: RequestRecord, err: ApiError | null): void {
  record.code = err === null ? 500 : err.kind === "status" ? err.code : 500;
  record.message = err?.message ?? "";
  const retry = err !== null && err.kind === "status" ? err.retryAfterSeconds : 0;
  record.retryAfterSeconds = retry > 0 ? retry : null;
}

// The keys of a list, read before the model moves on (a lazy list reads live state).
function keysOf(list: StorageListResult) {
  const n = list.count;
  const items = list.keyAt === undefined ? list.items() : null;
  const keyAt = (i: number): string => {
    const key = list.keyAt?.(i);
    if (key !== undefined) return key;
    const pod = (items ?? list.items())[i];
    if (pod === undefined) throw new Error(`script: list item ${i} of ${n} missing`);
    return podKey(POD_PREFIX, pod);
  };
  if (n === 0) return { first: null, last: null, all: [] as string[] };
  const all = n <= MAX_DIGESTED_KEYS ? Array.from({ length: n }, (_, i) => keyAt(i)) : null;
  return { first: keyAt(0), last: keyAt(n - 1), all };
}

/** A continue token's rv and start, as its JSON holds them (base64url, unpadded). */
function tokenFields(token: string): { rv: number; start: string } {
  const raw = decodeRawUrl(token);
  if (!raw.ok) throw new Error(`script: the model made an unreadable continue token ${token}`);
  const json = JSON.parse(new TextDecoder().decode(raw.bytes)) as { rv: number; start: string };
  return { rv: json.rv, start: json.start };
}
