import type { EtcdKv, KvWatchEvent } from "../etcd/kv.ts";
import { defined } from "../lib/at.ts";
import { numberFifo } from "../lib/number-fifo.ts";
import type { RandomStream } from "../rng.ts";
import type { Scenario } from "../scenario/index.ts";
import { atLeast } from "../scenario/k8s-version.ts";
import type { ScheduledEvent, Scheduler } from "../scheduler.ts";
import type { Pod } from "../storage/pod.ts";
import { type Nanos, NS_PER_MS, NS_PER_S } from "../time.ts";
import { valueNow } from "./schedule-value.ts";

// The cacher's etcd watch (docs/fidelity.md "World"): one FIFO of this resource's events and progress
// bookmarks. Item i sent at sᵢ arrives at aᵢ = max(aᵢ₋₁, sᵢ + lag + jitterᵢ) (pushed to the end
// of a stall window it falls in) and is taken in at pᵢ = max(aᵢ, pᵢ₋₁ + 1/processRate). Events
// are not copied: the FIFO holds each item's arrival time (8 bytes: a cache that takes in less
// than etcd commits holds millions), events are read through a cursor into etcd's log, and the
// few bookmarks are kept apart, by item number, with their revisions.
//
// RecordTime is pᵢ in ≤1.36 (watch_cache.go processEvent stamps clock.Now()). In 1.37 it is the
// decode time dᵢ = max(aᵢ, pᵢ₋₂₁₂) (etcd3/event.go parseEvent stamps time.Now()): the apiserver's
// etcd watcher decodes an item as it arrives unless the pipeline behind it is full, and then only
// once the cache has taken the item 212 places ahead. A deep intake backlog therefore waits
// before the stamp, not after it.

export interface StreamSink {
  /** `event` is the stream's own, rewritten for the next event: a sink keeps its fields, not it. */
  onEvent(event: Readonly<KvWatchEvent>, recordTimeNs: Nanos): void;
  onBookmark(rv: number): void;
}

const MAX_ITEMS = 50_000_000;
// Decoded items waiting for the cache when the pipeline is full. upstream v0.37.2, etcd3/watcher.go
// with ConcurrentWatchObjectDecode (Beta, on from 1.37): the watch loop's item just parsed (1),
// incomingBufSize (100), the scheduler's item in hand (1), the queued results
// (processEventConcurrency − 1 = 9), the collector's item in hand (1), outgoingBufSize (100).
const DECODED_AHEAD = 212;

/** The handed-on event's pod before its first event: `readEvent` writes each event's own. */
const NO_POD: Pod = { namespace: "", name: "", rv: 0, nodeName: "", labels: {} };

export class WatchStream {
  /** Whether a watch is open (false while the reflector relists). */
  open = false;
  /** When the open watch was opened: progress requests sent before it are not its. */
  private openedAtNs: Nanos = 0;
  private readonly arrivalNs = numberFifo(MAX_ITEMS);
  /** The bookmarks among the items: each one's item number (`sent` when it was sent), its RV. */
  private readonly bookmarkItem = numberFifo(MAX_ITEMS);
  private readonly bookmarkRv = numberFifo(MAX_ITEMS);
  /** Items sent and taken in by this stream, over all its watches. */
  private sent = 0;
  private processed = 0;
  /** Absolute log index of the next undelivered event. */
  private cursor = 0;
  private lastArrivalNs = 0;
  private lastProcessNs = Number.NEGATIVE_INFINITY;
  /** Intake times of the last DECODED_AHEAD items of this watch, by item index mod the size. */
  private readonly intakeNs = new Float64Array(DECODED_AHEAD);
  /** Items of this watch taken in so far. */
  private taken = 0;
  private pending: ScheduledEvent | null = null;
  /** The event handed to the sink, one object rewritten per event. */
  private readonly event: KvWatchEvent = {
    revision: 0,
    type: "ADDED",
    key: "",
    object: NO_POD,
  };
  private readonly onProcess = () => this.process();
  private readonly processKind: number;
  private readonly scheduler: Scheduler;
  private readonly kv: EtcdKv;
  private readonly jitter: RandomStream;
  private readonly scenario: () => Scenario;
  private readonly sink: StreamSink;
  /** Record time is the decode time in 1.37, the intake time before. */
  private readonly recordAtDecode: boolean;

  constructor(
    scheduler: Scheduler,
    kv: EtcdKv,
    jitter: RandomStream,
    scenario: () => Scenario,
    sink: StreamSink,
  ) {
    this.scheduler = scheduler;
    this.kv = kv;
    this.jitter = jitter;
    this.scenario = scenario;
    this.sink = sink;
    this.recordAtDecode = atLeast(scenario().k8s, "1.37");
    this.processKind = scheduler.kind("stream.process");
  }

  /** Items sent but not yet taken in by the cache. */
  get backlog(): number {
    return this.arrivalNs.length;
  }

  /** Slots of the backlog's rings (arrival times, bookmarks' items and RVs), 8 bytes each. */
  get backlogSlots(): number {
    return this.arrivalNs.capacity + this.bookmarkItem.capacity + this.bookmarkRv.capacity;
  }

  /** Opens the watch after `rv`: events committed since are sent now. False if compacted away. */
  openAfter(rv: number): boolean {
    const first = this.kv.firstEventAfter(rv);
    if (first === null) return false;
    this.open = true;
    this.openedAtNs = this.scheduler.nowNs;
    this.cursor = first;
    this.lastArrivalNs = 0;
    this.taken = 0;
    for (let i = first; i < this.kv.logEnd; i++) this.send();
    return true;
  }

  close(): void {
    this.open = false;
    this.arrivalNs.clear();
    this.bookmarkItem.clear();
    this.bookmarkRv.clear();
    this.processed = this.sent;
    if (this.pending !== null) this.scheduler.cancel(this.pending);
    this.pending = null;
  }

  /** etcd committed a pod write (the event is the log's newest). */
  onCommit(): void {
    if (this.open) this.send();
  }

  /** etcd answers a progress request with a bookmark at its current revision. */
  /**
   * etcd answers a progress request sent at `sentAtNs`: only to the watch that was open then and
   * still is (upstream: etcd's client sends the request on the watch's gRPC stream; one sent
   * while no watch was open, or answered after it ended, reaches no watcher).
   */
  sendBookmark(rv: number, sentAtNs: Nanos = this.scheduler.nowNs): void {
    if (!this.open || this.openedAtNs > sentAtNs) return;
    this.bookmarkItem.push(this.sent);
    this.bookmarkRv.push(rv);
    this.send();
  }

  /** The event the next undelivered event item refers to, or null (compaction checks). */
  nextEventRevision(): number | null {
    return this.open && this.cursor < this.kv.logEnd ? this.kv.revisionOfEvent(this.cursor) : null;
  }

  /** A stall window was added: items not yet arrived that fall in it now arrive at its end. */
  applyStalls(): void {
    for (let i = 0; i < this.arrivalNs.length; i++) {
      const atNs = defined(this.arrivalNs.at(i));
      const moved = stalled(this.scenario(), atNs);
      if (moved !== atNs) this.arrivalNs.replace(i, moved);
    }
    const newestNs = this.arrivalNs.at(this.arrivalNs.length - 1) ?? 0;
    this.lastArrivalNs = Math.max(this.lastArrivalNs, newestNs);
    this.reschedule();
  }

  private send(): void {
    const nowNs = this.scheduler.nowNs;
    const scenario = this.scenario();
    const lagNs = valueNow(scenario.lag, nowNs) * NS_PER_MS;
    const jitterNs = this.jitter.exponential(valueNow(scenario.jitter, nowNs) * NS_PER_MS);
    const dueNs = Math.ceil(nowNs + lagNs + jitterNs);
    const atNs = stalled(scenario, Math.max(this.lastArrivalNs, dueNs));
    this.lastArrivalNs = atNs;
    this.arrivalNs.push(atNs);
    this.sent++;
    if (this.pending === null) this.reschedule();
  }

  // The head item is taken in at max(its arrival, the previous intake + 1/rate). `fired` is the
  // intake event now running, whose record is scheduled again rather than a new one made.
  private reschedule(fired: ScheduledEvent | null = null): void {
    const headNs = this.arrivalNs.peek();
    if (headNs === undefined) return;
    const rate = valueNow(this.scenario().processRate, Math.max(0, this.lastProcessNs));
    const atNs = Math.max(headNs, this.lastProcessNs + Math.ceil(NS_PER_S / rate));
    if (this.pending !== null) {
      if (this.pending.atNs === atNs) return;
      this.scheduler.cancel(this.pending);
    }
    this.pending =
      fired === null
        ? this.scheduler.at(atNs, this.processKind, 0, this.onProcess)
        : this.scheduler.again(fired, atNs, 0);
  }

  private process(): void {
    const fired = this.pending;
    this.pending = null;
    this.lastProcessNs = this.scheduler.nowNs;
    const arrivalNs = defined(this.arrivalNs.shift());
    const item = this.processed++;
    const decodeNs = this.decodeTime(arrivalNs);
    if (this.bookmarkItem.peek() !== item) {
      const event = this.kv.readEvent(this.cursor++, this.event);
      this.sink.onEvent(event, this.recordAtDecode ? decodeNs : this.scheduler.nowNs);
    } else {
      this.bookmarkItem.shift();
      this.sink.onBookmark(defined(this.bookmarkRv.shift()));
    }
    if (this.open) this.reschedule(fired);
  }

  // dᵢ = max(aᵢ, pᵢ₋₂₁₂); records pᵢ (now) in the slot pᵢ₋₂₁₂ held. Bookmarks count as items.
  private decodeTime(arrivalNs: Nanos): Nanos {
    const slot = this.taken % DECODED_AHEAD;
    const aheadNs = this.taken >= DECODED_AHEAD ? defined(this.intakeNs[slot]) : arrivalNs;
    this.intakeNs[slot] = this.scheduler.nowNs;
    this.taken++;
    return Math.max(arrivalNs, aheadNs);
  }
}

/** An arrival inside a stall window moves to the window's end. */
function stalled(scenario: Scenario, atNs: Nanos): Nanos {
  for (const stall of scenario.stall) {
    if (atNs < stall.startNs) return atNs;
    if (atNs < stall.endNs) return stall.endNs;
  }
  return atNs;
}
