import type { Away, Herd } from "../scenario/index.ts";
import { SCHEDULE_KEYS, type Scenario, type ScheduleKey } from "../scenario/index.ts";
import type { Nanos } from "../time.ts";

// Everything the scenario pins to a moment: schedule points, herds, restarts, compactions, away
// windows and stall starts. The run applies each moment's items before any heap event due at the
// same instant, whether the item was in the scenario from the start or added live (live changes
// are recorded strictly after now), so a live run and its replay execute the same trace.

export interface TimelineHandlers {
  schedulePoint(key: ScheduleKey, atNs: Nanos): void;
  herd(herd: Herd): void;
  restart(): void;
  compact(): void;
  away(away: Away): void;
  stall(): void;
}

export class Timeline {
  /** Every item at or before this time has been applied. */
  private appliedNs = Number.NEGATIVE_INFINITY;
  private cachedNextNs: Nanos | null = null;

  /** The scenario changed (a live change or a fault): recompute the next moment. */
  invalidate(): void {
    this.cachedNextNs = null;
  }

  nextNs(scenario: Scenario): Nanos {
    if (this.cachedNextNs === null) this.cachedNextNs = this.findNext(scenario);
    return this.cachedNextNs;
  }

  /** Applies every item at `atNs` (the next moment), in a fixed order. */
  apply(scenario: Scenario, atNs: Nanos, on: TimelineHandlers): void {
    for (const key of SCHEDULE_KEYS) {
      if (scenario[key].some((p) => p.atNs === atNs && p.atNs > 0)) on.schedulePoint(key, atNs);
    }
    for (const s of scenario.stall) if (s.startNs === atNs) on.stall();
    for (const t of scenario.compact) if (t === atNs) on.compact();
    for (const t of scenario.restart) if (t === atNs) on.restart();
    for (const a of scenario.away) if (a.atNs === atNs) on.away(a);
    for (const h of scenario.herd) if (h.atNs === atNs) on.herd(h);
    this.appliedNs = atNs;
    this.cachedNextNs = null;
  }

  private findNext(scenario: Scenario): Nanos {
    let next = Number.POSITIVE_INFINITY;
    const consider = (t: Nanos) => {
      if (t > this.appliedNs && t < next) next = t;
    };
    for (const key of SCHEDULE_KEYS)
      for (const p of scenario[key]) if (p.atNs > 0) consider(p.atNs);
    for (const s of scenario.stall) consider(s.startNs);
    for (const t of scenario.compact) consider(t);
    for (const t of scenario.restart) consider(t);
    for (const a of scenario.away) consider(a.atNs);
    for (const h of scenario.herd) consider(h.atNs);
    return next;
  }
}
