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

/** After the clock jumps back (a new run, a seek), marks older than this are logged, not said. */
export const SAID_AFTER_JUMP_NS = NS_PER_S;

export interface NewMarks {
  /** True when the clock went back: the log starts over from `logged`. */
  restarted: boolean;
  /** Marks for the log, oldest first. */
  logged: MarkView[];
  /** Marks to announce: a seek backwards does not read out the whole run again. */
  said: MarkView[];
  told: Told;
}

export function newMarks(told: Told, snapshot: SimSnapshot): NewMarks {
  const restarted = snapshot.nowNs < told.lastNs;
  const from = restarted ? NOTHING_TOLD : told;
  const logged = snapshot.marks.filter((mark) => mark.seq > from.lastSeq);
  logged.sort((a, b) => a.seq - b.seq);
  const recentFromNs = snapshot.nowNs - SAID_AFTER_JUMP_NS;
  const said = restarted ? logged.filter((mark) => mark.atNs >= recentFromNs) : logged;
  const lastSeq = logged.at(-1)?.seq ?? from.lastSeq;
  return { restarted, logged, said, told: { lastSeq, lastNs: snapshot.nowNs } };
}

/** "At 3.5 s, a read hit the wall and fell back to etcd." */
export function sentenceOf(mark: MarkView): string {
  const atS = Number((mark.atNs / NS_PER_S).toFixed(1));
  return `At ${atS} s, ${mark.detail}.`;
}
