import { RANGE_REASONS, type RangeStats } from "../etcd/range-stats.ts";
import { at } from "../lib/at.ts";
import type { EtcdReason, EtcdReasonCost, EtcdRecentView } from "../snapshot.ts";
import { type Nanos, NS_PER_S } from "../time.ts";

// What etcd did over the last second, by reason (the etcd panel's "last second"): requests
// answered, slot-time busy and bytes returned. Every 100 ms of simulated time it notes the
// cumulative figures; the view is now minus the note a second back. A 7 ms request is rarely in
// service at the instant of a sample, but it is always in the difference of two counters.

export const ETCD_REASONS: readonly EtcdReason[] = [
  "delegated",
  "fallback",
  "current_rv",
  "progress",
  "reflector",
];

const TICK_NS = NS_PER_S / 10;
const WINDOW_TICKS = 10;

interface Note {
  atNs: Nanos;
  requests: Float64Array;
  busyNs: Float64Array;
  bytes: Float64Array;
}

/** Each range reason's place in ETCD_REASONS (progress requests have no slot-time or bytes). */
const RANGE_PLACES: readonly number[] = RANGE_REASONS.map((r) => ETCD_REASONS.indexOf(r));

export class RecentCost {
  nextNs: Nanos = 0;
  private readonly notes: Note[] = [];
  private next = 0;
  private readonly stats: RangeStats;
  private readonly requests: (reason: EtcdReason) => number;

  /** `requests` reads watchcachelab_etcd_requests_total{reason}. */
  constructor(stats: RangeStats, requests: (reason: EtcdReason) => number) {
    this.stats = stats;
    this.requests = requests;
    for (let i = 0; i <= WINDOW_TICKS; i++) {
      const n = ETCD_REASONS.length;
      this.notes.push({
        atNs: -1,
        requests: new Float64Array(n),
        busyNs: new Float64Array(n),
        bytes: new Float64Array(n),
      });
    }
  }

  /** Notes the figures at every tick up to `tNs` (the state is constant until then). */
  noteUntil(tNs: Nanos): void {
    while (this.nextNs <= tNs) {
      this.fill(at(this.notes, this.next), this.nextNs);
      this.next = (this.next + 1) % this.notes.length;
      this.nextNs += TICK_NS;
    }
  }

  /** The last second (less at the start of a run), by reason. */
  view(nowNs: Nanos): EtcdRecentView {
    const now = this.noteAt(nowNs);
    const from = this.oldestWithin(nowNs);
    const byReason = {} as Record<EtcdReason, EtcdReasonCost>;
    ETCD_REASONS.forEach((reason, i) => {
      byReason[reason] = {
        requests: at(now.requests, i) - (from?.requests[i] ?? 0),
        busySeconds: (at(now.busyNs, i) - (from?.busyNs[i] ?? 0)) / NS_PER_S,
        bytes: at(now.bytes, i) - (from?.bytes[i] ?? 0),
      };
    });
    return { windowSeconds: (nowNs - (from?.atNs ?? 0)) / NS_PER_S, byReason };
  }

  /** Since the start of the run: the counters as they stand. */
  total(nowNs: Nanos): EtcdRecentView {
    const now = this.noteAt(nowNs);
    const byReason = {} as Record<EtcdReason, EtcdReasonCost>;
    ETCD_REASONS.forEach((reason, i) => {
      byReason[reason] = {
        requests: at(now.requests, i),
        busySeconds: at(now.busyNs, i) / NS_PER_S,
        bytes: at(now.bytes, i),
      };
    });
    return { windowSeconds: nowNs / NS_PER_S, byReason };
  }

  /** The earliest note at most a second before `nowNs`. */
  private oldestWithin(nowNs: Nanos): Note | undefined {
    let best: Note | undefined;
    for (const note of this.notes) {
      if (note.atNs < 0 || note.atNs > nowNs || nowNs - note.atNs > WINDOW_TICKS * TICK_NS)
        continue;
      if (best === undefined || note.atNs < best.atNs) best = note;
    }
    return best;
  }

  private noteAt(nowNs: Nanos): Note {
    const note: Note = {
      atNs: nowNs,
      requests: new Float64Array(ETCD_REASONS.length),
      busyNs: new Float64Array(ETCD_REASONS.length),
      bytes: new Float64Array(ETCD_REASONS.length),
    };
    this.fill(note, nowNs);
    return note;
  }

  // Index loops over the stats' own order, not a callback per reason: this runs 10 times a
  // simulated second, and a callback's closures are what V8 compiled first (docs/benchmarks.md at
  // 97e105f).
  private fill(note: Note, atNs: Nanos): void {
    note.atNs = atNs;
    for (let i = 0; i < ETCD_REASONS.length; i++) {
      note.requests[i] = this.requests(at(ETCD_REASONS, i));
    }
    for (let r = 0; r < RANGE_REASONS.length; r++) {
      const i = at(RANGE_PLACES, r);
      note.busyNs[i] = this.stats.busyNsAt(r, atNs);
      note.bytes[i] = this.stats.bytesAt(r);
    }
  }
}
