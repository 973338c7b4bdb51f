import { assert } from "../lib/assert.ts";
import { defined } from "../lib/at.ts";
import { Fifo } from "../lib/fifo.ts";
import { MinHeap } from "../lib/min-heap.ts";
import { type EtcdCostTerms, transferNs } from "../list-costs.ts";
import type { ScheduledEvent, Scheduler } from "../scheduler.ts";
import { type ApiError, contextDeadlineExceeded } from "../storage/errors.ts";
import type { Nanos } from "../time.ts";
import type { RangeObserver, RangeReason } from "./range-stats.ts";

// etcd's range requests (docs/fidelity.md "World"): FIFO for a bounded number of slots; a request reads the
// revision current when its service starts and is answered `etcdLatency` + a cost per object and
// per 2 KiB returned later (list-costs.ts). A request carries its caller's deadline (a client request's
// `requestTimeout` from its arrival at the apiserver; none for the cacher's own lists): when it
// passes, the call fails at once with the context's error, a request still queued is dropped and
// one in service keeps its slot until done, its answer discarded (upstream: etcd's client returns
// when its context ends; the server finishes what it started). Requests in service keep one
// scheduler event, at the first completion (below).

/** One range request's work: read at service start, answer at completion or fail. */
export interface RangeJob {
  readonly reason: RangeReason;
  /** When the caller's context ends (Infinity: never, as for the cacher's reflector). */
  readonly deadlineNs: Nanos;
  /** Reads etcd now; returns the number of objects it returns (its cost). */
  start(): number;
  finish(): void;
  fail(error: ApiError): void;
}

export interface RangeCosts {
  concurrency(nowNs: Nanos): number;
  latencyNs(nowNs: Nanos): number;
  /** A request was answered (or failed): only answered requests are counted. */
  answered(reason: RangeReason): void;
  /** Mean bytes of one object (`objectBytes`): service time and held memory grow with it. */
  readonly objectBytes: number;
  /** What each object and each 2 KiB returned add to the service time (list-costs.ts). */
  readonly transfer: EtcdCostTerms;
  /** Learns of every request's service and answer (the cost by reason, the held memory). */
  readonly observer?: RangeObserver;
}

const MAX_QUEUED = 10_000_000;
const MAX_SPARE_TICKETS = 4096;

/** One request holding a slot until `doneNs`; `answered` once its deadline passed. */
interface Ticket {
  job: RangeJob | null;
  doneNs: Nanos;
  /** The response's size: the apiserver holds it while etcd serves the request. */
  bytes: number;
  seq: number;
  /** The scheduler sequence its completion event has, reserved when its service started. */
  eventSeq: number;
  answered: boolean;
}

export class RangeQueue {
  inFlight = 0;
  // The queue is the jobs alone, not a ticket each: an overloaded etcd holds hundreds of
  // thousands. A job dropped at its deadline leaves a hole (null) that the pump skips.
  private readonly queuedJobs = new Fifo<RangeJob | null>(MAX_QUEUED);
  private dropped = 0;
  /** Jobs ever queued and ever taken from the queue: a queued job's place is the difference. */
  private pushedTotal = 0;
  private shiftedTotal = 0;
  /**
   * The queued jobs' deadlines by their absolute place in the queue. Deadlines are not in queue
   * order (a fallback joins the queue late with its request's early deadline), so one timer
   * follows the earliest; places whose job already left are skipped when they come up.
   */
  private readonly deadlines = new MinHeap<number>();
  private deadlineTimer: ScheduledEvent | null = null;
  private readonly scheduler: Scheduler;
  private readonly costs: RangeCosts;
  private readonly kinds: { done: number; expire: number; timeout: number };
  private nextId = 0;
  // Completions run in (time, start order), as the scheduler runs their events, so one shared
  // callback pops the next one: no closure per request. Only the first completion's event is in
  // the scheduler: each request reserves its event's sequence when its service starts, and its
  // event is scheduled with it once it is the first. The events run at the same instants, in
  // the same order, with the same kind and id (docs/benchmarks.md at 97e105f, "The heavy scenario's
  // read path: what a simulated second costs", has what this saved and what it did not).
  private readonly inService = new MinHeap<Ticket>();
  private readonly onDone = () => this.complete();
  /** The ticket whose completion event is in the scheduler, and that event. */
  private armed: Ticket | null = null;
  private armedEvent: ScheduledEvent | null = null;
  /** Tickets whose request left its slot, reused (thousands a second). */
  private readonly spare: Ticket[] = [];

  constructor(scheduler: Scheduler, costs: RangeCosts) {
    this.scheduler = scheduler;
    this.costs = costs;
    this.kinds = {
      done: scheduler.kind("etcd.range.done"),
      expire: scheduler.kind("etcd.range.expire"),
      timeout: scheduler.kind("etcd.queue.timeout"),
    };
  }

  /** Slots of the deadline heap, held or not (the worker's run-size estimate weighs them). */
  get deadlineSlots(): number {
    return this.deadlines.capacity;
  }

  get queued(): number {
    return this.queuedJobs.length - this.dropped;
  }

  submit(job: RangeJob): void {
    const nowNs = this.scheduler.nowNs;
    // A caller whose context already ended never reaches etcd (its client returns at once).
    if (job.deadlineNs <= nowNs) {
      job.fail(contextDeadlineExceeded());
      return;
    }
    this.costs.observer?.submitted();
    // Nothing queued and a slot free: served now, as the pump would take it, without the
    // ring's push and shift (most of the heavy scenario's 3 000 current-RV requests a second).
    if (this.queuedJobs.length === 0 && this.inFlight < this.costs.concurrency(nowNs)) {
      this.serve(job, nowNs);
      return;
    }
    this.queuedJobs.push(job);
    const place = this.pushedTotal++;
    if (job.deadlineNs !== Number.POSITIVE_INFINITY) {
      this.deadlines.push(place, job.deadlineNs, place);
      this.armDeadlineTimer();
    }
    this.pump();
  }

  /** Starts queued requests while slots are free (also after the concurrency schedule rises). */
  pump(): void {
    const nowNs = this.scheduler.nowNs;
    const slots = this.costs.concurrency(nowNs);
    while (this.inFlight < slots) {
      if (this.queuedJobs.length === 0) return;
      const job = defined(this.queuedJobs.shift());
      this.shiftedTotal++;
      if (job === null) this.dropped--;
      else this.serve(job, nowNs);
    }
  }

  private serve(job: RangeJob, nowNs: Nanos): void {
    const ticket = this.spare.pop() ?? {
      job,
      doneNs: 0,
      bytes: 0,
      seq: 0,
      eventSeq: 0,
      answered: false,
    };
    ticket.job = job;
    ticket.answered = false;
    const objects = job.start();
    const objectBytes = this.costs.objectBytes;
    ticket.seq = this.nextId++;
    ticket.bytes = objects * objectBytes;
    ticket.doneNs =
      nowNs + this.costs.latencyNs(nowNs) + transferNs(objects, objectBytes, this.costs.transfer);
    this.costs.observer?.started(job.reason, nowNs, ticket.bytes);
    const deadlineNs = job.deadlineNs;
    this.inFlight++;
    ticket.eventSeq = this.scheduler.reserveSeq();
    this.inService.push(ticket, ticket.doneNs, ticket.eventSeq);
    const armed = this.armed;
    if (armed === null || ticket.doneNs < armed.doneNs) this.arm(ticket);
    if (ticket.doneNs <= deadlineNs) return;
    // The caller gives up at its deadline; etcd still holds the slot until it is done.
    this.scheduler.at(deadlineNs, this.kinds.expire, ticket.seq, () => {
      ticket.answered = true;
      this.fail(job);
    });
  }

  /**
   * Puts `ticket`'s completion event in the scheduler, in place of the one armed before; in the
   * record of `fired`, the completion event now running, if given.
   */
  private arm(ticket: Ticket, fired: ScheduledEvent | null = null): void {
    if (this.armedEvent !== null) this.scheduler.cancel(this.armedEvent);
    this.armed = ticket;
    this.armedEvent =
      fired === null
        ? this.scheduler.atReserved(
            ticket.doneNs,
            ticket.eventSeq,
            this.kinds.done,
            ticket.seq,
            this.onDone,
          )
        : this.scheduler.again(fired, ticket.doneNs, ticket.seq, ticket.eventSeq);
  }

  private complete(): void {
    const entry = this.inService.pop();
    if (entry === undefined || entry !== this.armed) {
      throw new Error("etcd: a completion that is not the first request in service");
    }
    // This runs in the armed event, which left the scheduler's heap.
    const fired = this.armedEvent;
    this.armed = null;
    this.armedEvent = null;
    // Before anything this completion sets off can start another request.
    const next = this.inService.peek();
    if (next !== undefined) this.arm(next, fired);
    const job = entry.job;
    assert(job !== null, "etcd: a ticket in service holds its job");
    // Released before the next request takes the slot: the two are not held at once.
    this.costs.observer?.ended(job.reason, this.scheduler.nowNs, entry.bytes);
    this.release();
    const answered = entry.answered;
    this.recycle(entry);
    if (answered) return;
    this.costs.answered(job.reason);
    this.costs.observer?.answered(job.reason);
    job.finish();
  }

  private recycle(ticket: Ticket): void {
    ticket.job = null;
    if (this.spare.length < MAX_SPARE_TICKETS) this.spare.push(ticket);
  }

  private fail(job: RangeJob): void {
    this.costs.answered(job.reason);
    this.costs.observer?.answered(job.reason);
    job.fail(contextDeadlineExceeded());
  }

  private release(): void {
    this.inFlight--;
    // A slot is held exactly while its ticket is in service.
    assert(this.inFlight === this.inService.size, "etcd: requests in flight = tickets in service");
    this.pump();
  }

  /** Keeps the one deadline timer at the earliest queued deadline. */
  private armDeadlineTimer(): void {
    const place = this.deadlines.peek();
    const timer = this.deadlineTimer;
    if (place === undefined) return;
    const atNs = defined(this.deadlines.peekKey());
    if (timer !== null && timer.atNs <= atNs) return;
    if (timer !== null) this.scheduler.cancel(timer);
    this.deadlineTimer = this.scheduler.at(atNs, this.kinds.timeout, 0, this.onDeadline);
  }

  // One callback for every timer: an overloaded etcd fires thousands a second.
  private readonly onDeadline = (): void => {
    this.deadlineTimer = null;
    const nowNs = this.scheduler.nowNs;
    for (let place = this.deadlines.peek(); place !== undefined; place = this.deadlines.peek()) {
      if (defined(this.deadlines.peekKey()) > nowNs) break;
      this.deadlines.pop();
      this.dropQueued(place);
    }
    this.armDeadlineTimer();
  };

  /** Drops the job at absolute `place` if it is still queued (it may have been served). */
  private dropQueued(place: number): void {
    const offset = place - this.shiftedTotal;
    if (offset < 0) return;
    const job = this.queuedJobs.at(offset);
    if (job === null || job === undefined) return;
    this.queuedJobs.replace(offset, null);
    this.dropped++;
    this.fail(job);
  }
}
