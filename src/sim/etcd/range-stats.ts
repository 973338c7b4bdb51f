import { defined } from "../lib/at.ts";
import { placeOf } from "../lib/place-of.ts";
import type { Nanos } from "../time.ts";

// What etcd's range slots did, by reason (docs/fidelity.md "World", the cost model): requests served, busy
// slot-time and bytes returned, plus the requests the apiserver has in flight to etcd (queued or
// in service) and the bytes it holds for them. Busy time accrues while a request is in service,
// so a 2 s LIST shows as busy during its 2 s, not as a lump when it ends.

/** Why a range request reached etcd (watchcachelab_etcd_requests_total{reason}). */
export type RangeReason = "delegated" | "fallback" | "current_rv" | "reflector";

export const RANGE_REASONS: readonly RangeReason[] = [
  "delegated",
  "fallback",
  "current_rv",
  "reflector",
];

/** Per reason, since the start of the run. */
interface ReasonTotals {
  /** Requests answered (a timed-out one when the apiserver gave up on it). */
  served: number;
  /** Bytes etcd returned, counted when a request's service ends. */
  bytes: number;
  /** Requests in service now, and the slot-time accrued up to `accruedAtNs`. */
  inService: number;
  busyNs: Nanos;
  accruedAtNs: Nanos;
}

const zero = (): ReasonTotals => ({ served: 0, bytes: 0, inService: 0, busyNs: 0, accruedAtNs: 0 });

/** Brings a reason's busy time up to `nowNs` (integers only: exact however long the run). */
function accrue(t: ReasonTotals, nowNs: Nanos): void {
  t.busyNs += t.inService * (nowNs - t.accruedAtNs);
  t.accruedAtNs = nowNs;
}

/** A reason's slot-time up to `nowNs`, including requests still in service. */
const busyUpTo = (t: ReasonTotals, nowNs: Nanos): Nanos =>
  t.busyNs + t.inService * (nowNs - t.accruedAtNs);

/** Told of every request by the queue; read by the apiserver's gauges and the page. */
export interface RangeObserver {
  /** A request reached the queue. */
  submitted(): void;
  /** A request took a slot; the apiserver holds its response (`bytes`) from now on. */
  started(reason: RangeReason, nowNs: Nanos, bytes: number): void;
  /** Its service ended at `nowNs` (answered or not). */
  ended(reason: RangeReason, nowNs: Nanos, bytes: number): void;
  /** The apiserver has its answer, or gave up: it is no longer in flight. */
  answered(reason: RangeReason): void;
}

export class RangeStats implements RangeObserver {
  /** Requests sent to etcd and not answered yet (queued or in service), and their peak. */
  inFlight = 0;
  inFlightPeak = 0;
  /** By the reason's place in RANGE_REASONS (three requests a read: no map lookup for each). */
  private readonly totals: readonly ReasonTotals[] = RANGE_REASONS.map(zero);
  private lastReason: RangeReason = "delegated";
  private lastTotals: ReasonTotals = defined(this.totals[0]);
  private readonly onHold: (deltaBytes: number) => void;

  /** `onHold` learns of bytes the apiserver starts (+) or stops (−) holding for etcd's answers. */
  constructor(onHold: (deltaBytes: number) => void) {
    this.onHold = onHold;
  }

  submitted(): void {
    this.inFlight++;
    if (this.inFlight > this.inFlightPeak) this.inFlightPeak = this.inFlight;
  }

  started(reason: RangeReason, nowNs: Nanos, bytes: number): void {
    const t = this.of(reason);
    accrue(t, nowNs);
    t.inService++;
    this.onHold(bytes);
  }

  ended(reason: RangeReason, nowNs: Nanos, bytes: number): void {
    const t = this.of(reason);
    accrue(t, nowNs);
    t.inService--;
    t.bytes += bytes;
    this.onHold(-bytes);
  }

  answered(reason: RangeReason): void {
    this.of(reason).served++;
    this.inFlight--;
  }

  served(reason: RangeReason): number {
    return this.of(reason).served;
  }

  bytes(reason: RangeReason): number {
    return this.of(reason).bytes;
  }

  /** Slot-time spent on `reason` up to `nowNs`, including requests still in service. */
  busyNs(reason: RangeReason, nowNs: Nanos): Nanos {
    return busyUpTo(this.of(reason), nowNs);
  }

  /** busyNs and bytes of the reason at `place` in RANGE_REASONS (a sampler's loop over all). */
  busyNsAt(place: number, nowNs: Nanos): Nanos {
    return busyUpTo(defined(this.totals[place]), nowNs);
  }

  bytesAt(place: number): number {
    return defined(this.totals[place]).bytes;
  }

  /** Slot-time spent on every reason up to `nowNs` (the series' etcd busy time). */
  busyNsOfAll(nowNs: Nanos): Nanos {
    let busyNs = 0;
    for (let i = 0; i < this.totals.length; i++) busyNs += busyUpTo(defined(this.totals[i]), nowNs);
    return busyNs;
  }

  // Three calls per request, and nearly every request of a run has the last one's reason (the
  // consistent reads' current_rv): it is remembered.
  private of(reason: RangeReason): ReasonTotals {
    if (reason !== this.lastReason) {
      this.lastReason = reason;
      this.lastTotals = defined(this.totals[placeOf(RANGE_REASONS, reason)]);
    }
    return this.lastTotals;
  }
}
