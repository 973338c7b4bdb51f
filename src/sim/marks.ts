import type { Nanos } from "./time.ts";

// Notable moments of a run, in plain words, for the scrubber's markers, the tour's captions and
// the narration. The "first …" marks are kept for the whole run; the others in a bounded ring of
// the most recent, so a long run costs a fixed amount however often the ring resizes.

/** Kinds recorded once per run (the first occurrence). */
export const FIRST_MARK_KINDS = [
  "firstWait",
  "firstServedAfterWait",
  "firstFallback",
  "first429",
  "first504",
  "first410",
] as const;

/** Kinds recorded every time they happen. */
export const REPEATED_MARK_KINDS = [
  "ringGrow",
  "ringShrink",
  "stallStart",
  "stallEnd",
  "pending",
  "ready",
  "compaction",
  "herd",
  "away",
  "lagAbove",
  "lagBelow",
] as const;

export type FirstMarkKind = (typeof FIRST_MARK_KINDS)[number];
export type MarkKind = FirstMarkKind | (typeof REPEATED_MARK_KINDS)[number];

export interface MarkView {
  /** Position in the run's order of marks (0 for the first mark recorded). */
  seq: number;
  atNs: Nanos;
  kind: MarkKind;
  /** One short sentence in plain words. */
  detail: string;
  /** For ringGrow and ringShrink: the ring's capacity before and after, in events. */
  capacity?: { from: number; to: number };
}

/** Repeated marks kept (the most recent); the first-of-a-kind marks come on top. */
export const RECENT_MARKS = 200;

export const isFirstMarkKind = (kind: MarkKind): kind is FirstMarkKind =>
  (FIRST_MARK_KINDS as readonly MarkKind[]).includes(kind);

export class MarkRecorder {
  /** Marks recorded since the start of the run, including those the ring has dropped. */
  count = 0;
  private readonly firsts: MarkView[] = [];
  private readonly seen = new Set<FirstMarkKind>();
  private readonly recent: MarkView[] = [];
  private next = 0;

  has(kind: FirstMarkKind): boolean {
    return this.seen.has(kind);
  }

  record(atNs: Nanos, kind: MarkKind, detail: string, extra: Pick<MarkView, "capacity"> = {}) {
    const mark: MarkView = { seq: this.count++, atNs, kind, detail, ...extra };
    if (isFirstMarkKind(kind)) {
      if (this.seen.has(kind)) throw new Error(`mark ${kind} recorded twice`);
      this.seen.add(kind);
      this.firsts.push(mark);
    } else if (this.recent.length < RECENT_MARKS) {
      this.recent.push(mark);
    } else {
      this.recent[this.next] = mark;
      this.next = (this.next + 1) % RECENT_MARKS;
    }
  }

  /** Every kept mark in time order (recording order among equal times), as fresh copies. */
  view(): MarkView[] {
    const all = [...this.firsts, ...this.recent].map((m) =>
      m.capacity === undefined ? { ...m } : { ...m, capacity: { ...m.capacity } },
    );
    return all.sort((a, b) => a.atNs - b.atNs || a.seq - b.seq);
  }
}
