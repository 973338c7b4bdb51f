import { ms, type Nanos } from "../time.ts";

// The model's own count of every wait apiserver_watch_cache_read_wait_seconds observes, by how
// long it lasted: exact, where the histogram's buckets (…, 0.1, 0.2, …) cannot say "within
// 110 ms". The bounds are those KEP-2340's "Qualification" section reports for a fleet of
// clusters (docs/fidelity.md, "How long reads wait").

/** KEP-2340: "in 99.9% of cases watch cache became fresh enough within 110ms". */
export const FRESH_WITHIN_NS: Nanos = ms(110);
/** KEP-2340: "only 0.001% of waits for fresh cache took more than 250ms". */
export const SLOW_AFTER_NS: Nanos = ms(250);

/** What the tally holds, as the snapshot carries it. */
export interface WaitTallyView {
  /** Every observed wait, zero-length ones included (≤1.36 observes every read with RV > 0). */
  readonly waits: number;
  readonly within110ms: number;
  readonly within250ms: number;
  /** Waits that ended at the wall (the read's timer), fresh or not. */
  readonly atWall: number;
}

export class WaitTally {
  private waits = 0;
  private within110ms = 0;
  private within250ms = 0;
  private atWall = 0;

  /** One wait of `waitedNs`; `atWall` when its timer ended it. */
  record(waitedNs: Nanos, atWall: boolean): void {
    this.waits++;
    if (waitedNs <= FRESH_WITHIN_NS) this.within110ms++;
    if (waitedNs <= SLOW_AFTER_NS) this.within250ms++;
    if (atWall) this.atWall++;
  }

  view(): WaitTallyView {
    const { waits, within110ms, within250ms, atWall } = this;
    return { waits, within110ms, within250ms, atWall };
  }
}
