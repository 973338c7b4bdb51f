import type { WatchCache } from "../apiserver/watch-cache.ts";
import { CacheWatcher, type Watcher } from "../apiserver/watcher.ts";
import type { Scenario } from "../scenario/index.ts";
import type { ScheduledEvent, Scheduler } from "../scheduler.ts";
import type { ApiError } from "../storage/errors.ts";
import { newRequestContext } from "../storage/request-context.ts";
import { type Nanos, NS_PER_MS, NS_PER_S } from "../time.ts";
import type { Apiserver } from "./apiserver.ts";
import { RELIST } from "./open-loop.ts";
import { POD_PREFIX } from "./pods.ts";
import { MAX_RETRIES, type ReadDeps, ReadRequest } from "./read-request.ts";

// Watch clients (docs/scenarios.md `watchers`): each watches /pods/ with bookmarks and no initial
// events, first from the cache's RV when it starts; every `watchTimeout` s, after `away`, and
// when the cacher terminates its watch, it reconnects from the last RV it saw. A 410 makes it
// relist (a consistent LIST, kind `relist`) and watch from that list's RV; a 429 follows `retry`.
// The cacher serves each watch as a cursor; the client reads what it was sent only when it
// reconnects, which is when the last RV it saw matters.

const MAX_WATCHERS = 10_000;
const IMMEDIATE_RETRY_NS = NS_PER_MS;
// A watch the cacher closes at once (it relisted during setup) is retried after this.
const CLOSED_RETRY_NS = NS_PER_S;
const MAX_DRAIN_EVENTS = 100_000_000;

interface Client {
  readonly index: number;
  wanted: boolean;
  rv: number;
  watch: Watcher | null;
  /** The pending reconnect (timeout, away's end, a retry), if any. */
  timer: ScheduledEvent | null;
  /** Away until this time: the client does not reconnect before it. */
  awayUntilNs: Nanos;
  retries: number;
  /** A relist or watch call is under way. */
  busy: boolean;
}

export interface WatcherDeps {
  readonly scheduler: Scheduler;
  readonly apiserver: Apiserver;
  readonly reads: ReadDeps;
  readonly scenario: () => Scenario;
  readonly cache: WatchCache;
}

export class Watchers {
  private readonly clients: Client[] = [];
  private readonly deps: WatcherDeps;
  private readonly reconnectKind: number;
  private nextWatchId = 0;

  constructor(deps: WatcherDeps) {
    this.deps = deps;
    this.reconnectKind = deps.scheduler.kind("watcher.reconnect");
  }

  get connected(): number {
    return this.clients.filter((c) => c.watch !== null).length;
  }

  /** The schedule asks for `count` watchers from now on. */
  resize(count: number): void {
    const target = Math.min(MAX_WATCHERS, Math.max(0, Math.floor(count)));
    for (let i = this.clients.length; i < target; i++) {
      const rv = this.deps.cache.resourceVersion;
      this.clients.push({
        index: i,
        wanted: false,
        rv,
        watch: null,
        timer: null,
        awayUntilNs: 0,
        retries: 0,
        busy: false,
      });
    }
    for (const client of this.clients) {
      const wanted = client.index < target;
      if (wanted && !client.wanted) {
        client.wanted = true;
        if (client.watch === null && !client.busy && client.timer === null) this.connect(client);
      } else if (!wanted && client.wanted) {
        client.wanted = false;
        this.disconnect(client);
      }
    }
  }

  /** `away=N@T:S`: the first N connected watchers drop off for `durationNs`, then resume. */
  away(count: number, durationNs: Nanos): void {
    let left = count;
    const untilNs = this.deps.scheduler.nowNs + durationNs;
    for (const client of this.clients) {
      if (left === 0) break;
      if (!client.wanted || client.watch === null) continue;
      left--;
      this.disconnect(client);
      client.awayUntilNs = untilNs;
      this.reconnectAt(client, untilNs);
    }
  }

  /** The cacher terminated every watch: their clients reconnect from their last RV. */
  terminated(): void {
    for (const client of this.clients) {
      if (client.watch === null) continue;
      this.disconnect(client);
      if (client.wanted)
        this.reconnectAt(client, Math.max(this.deps.scheduler.nowNs, client.awayUntilNs));
    }
  }

  private connect(client: Client): void {
    if (!client.wanted || client.busy) return;
    client.busy = true;
    const opts = {
      resourceVersion: `${client.rv}`,
      sendInitialEvents: false,
      allowWatchBookmarks: true,
      recursive: true,
    };
    const ctx = newRequestContext(++this.nextWatchId, "watch");
    this.deps.apiserver.delegator.watch(POD_PREFIX, opts, ctx, (err, watch) => {
      client.busy = false;
      this.opened(client, err, watch);
    });
  }

  private opened(client: Client, err: ApiError | null, watch: Watcher | null): void {
    if (err !== null || watch === null) {
      this.retryAfter(client, err?.kind === "status" ? err : null);
      return;
    }
    if (!client.wanted) {
      watch.stop();
      return;
    }
    const first = watch.closed ? watch.next() : null;
    if (first?.type === "ERROR") {
      if (first.status?.code === 410) this.relist(client);
      else this.retryAfter(client, first.status);
      return;
    }
    if (first?.rv !== null && first?.rv !== undefined) client.rv = first.rv;
    client.retries = 0;
    client.watch = watch;
    if (watch.closed) {
      this.disconnect(client);
      this.reconnectAt(client, this.deps.scheduler.nowNs + CLOSED_RETRY_NS);
      return;
    }
    const timeoutNs = this.deps.scenario().watchTimeout * NS_PER_S;
    this.reconnectAt(client, this.deps.scheduler.nowNs + timeoutNs);
  }

  private relist(client: Client): void {
    client.busy = true;
    ReadRequest.start(this.deps.reads, "relist", RELIST, (err, rv) => {
      client.busy = false;
      if (err !== null) {
        this.reconnectAt(client, this.deps.scheduler.nowNs + CLOSED_RETRY_NS);
        return;
      }
      client.rv = rv;
      this.connect(client);
    });
  }

  // A 429 (or any error with Retry-After) follows `retry`, at most 10 times in a row; other
  // failures are retried after a second, as a reflector's backoff would.
  private retryAfter(client: Client, err: { retryAfterSeconds: number } | null): void {
    const retry = this.deps.reads.retry;
    const retryAfterS = err?.retryAfterSeconds ?? 0;
    if (retryAfterS <= 0) {
      this.reconnectAt(client, this.deps.scheduler.nowNs + CLOSED_RETRY_NS);
      return;
    }
    if (retry === "none" || client.retries >= MAX_RETRIES) {
      client.wanted = false;
      return;
    }
    client.retries++;
    const delayNs = retry === "obey" ? retryAfterS * NS_PER_S : IMMEDIATE_RETRY_NS;
    this.reconnectAt(client, this.deps.scheduler.nowNs + delayNs);
  }

  /** Reads what the watch delivered (to learn the last RV seen), then drops it. */
  private disconnect(client: Client): void {
    if (client.timer !== null) this.deps.scheduler.cancel(client.timer);
    client.timer = null;
    const watch = client.watch;
    if (watch === null) return;
    client.watch = null;
    // Only the last RV matters to the client: a cache watcher counts what it skips.
    if (watch instanceof CacheWatcher) {
      const { lastRv } = watch.skipAvailable();
      if (lastRv !== null) client.rv = lastRv;
    } else {
      for (let n = 0, e = watch.next(); e !== null && n < MAX_DRAIN_EVENTS; n++, e = watch.next()) {
        if (e.rv !== null) client.rv = e.rv;
      }
    }
    watch.stop();
  }

  private reconnectAt(client: Client, atNs: Nanos): void {
    if (client.timer !== null) this.deps.scheduler.cancel(client.timer);
    client.timer = this.deps.scheduler.at(atNs, this.reconnectKind, client.index, () => {
      client.timer = null;
      if (client.watch !== null) this.disconnect(client);
      this.connect(client);
    });
  }
}
