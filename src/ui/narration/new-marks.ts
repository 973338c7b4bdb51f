import type { MarkView } from "../../sim/marks.ts";
import type { SimSnapshot } from "../../sim/snapshot.ts";
import { NS_PER_S } from "../../sim/time.ts";

// The marks a snapshot adds to those already told, read from the run's own record (sim/marks.ts).

export interface Told {
  /** The highest mark sequence number already told (-1: none). */
  lastSeq: number;
  lastNs: number;
}

export const NOTHING_TOLD: Told = { lastSeq: -1, lastNs: 0 };

/** Marks not yet told, oldest first; a run that starts over is told from its start. */
export function newMarks(told: Told, snapshot: SimSnapshot): { marks: MarkView[]; told: Told } {
  const from = snapshot.nowNs < told.lastNs ? NOTHING_TOLD : told;
  const marks = snapshot.marks.filter((mark) => mark.seq > from.lastSeq);
  marks.sort((a, b) => a.seq - b.seq);
  const lastSeq = marks.at(-1)?.seq ?? from.lastSeq;
  return { marks, told: { lastSeq, lastNs: snapshot.nowNs } };
}

/** "At 3.5 s, a read hit the wall and fell back to etcd." */
export function sentenceOf(mark: MarkView): string {
  const atS = Number((mark.atNs / NS_PER_S).toFixed(1));
  return `At ${atS} s, ${mark.detail}.`;
}
