import type { MarkView } from "../../model/index.ts";
import { NS_PER_S } from "../../model/index.ts";
import { type ClockReading, clockMove } from "./clock-jump.ts";

// The marks a frame adds to those already told, read from the run's own record (sim/marks.ts).

export interface Told {
  /** The highest mark sequence number already logged (-1: none). */
  lastSeq: number;
  clock: ClockReading;
  /**
   * Marks already said in this run, by seq: a seek back and forth again replays the same marks
   * (the run is deterministic), and the reader has heard them once already.
   */
  said: ReadonlySet<number>;
}

/** Before the first frame: any first frame counts as a jump, so a page opened mid-run is quiet. */
export const NOTHING_TOLD: Told = {
  lastSeq: -1,
  clock: { nowNs: Number.POSITIVE_INFINITY, wallPlayedMs: Number.NEGATIVE_INFINITY },
  said: new Set(),
};

/** After the clock jumps (a new run, a seek), marks older than this are logged, not said. */
export const SAID_AFTER_JUMP_NS = NS_PER_S;

export interface Frame extends ClockReading {
  marks: readonly MarkView[];
}

export interface NewMarks {
  /** True when the clock jumped: the log starts over from `logged`. */
  restarted: boolean;
  /** Marks for the log, oldest first. */
  logged: MarkView[];
  /** Marks to announce: a seek does not read out the run it skipped or replayed. */
  said: MarkView[];
  told: Told;
}

export function newMarks(told: Told, frame: Frame): NewMarks {
  const move = clockMove(told.clock, frame);
  const restarted = move !== "played";
  const logged = frame.marks.filter((mark) => restarted || mark.seq > told.lastSeq);
  logged.sort((a, b) => a.seq - b.seq);
  const recentFromNs = frame.nowNs - SAID_AFTER_JUMP_NS;
  const saidBefore = move === "newRun" ? new Set<number>() : told.said;
  const said = logged.filter(
    (mark) => !saidBefore.has(mark.seq) && (!restarted || mark.atNs >= recentFromNs),
  );
  const nowSaid =
    said.length === 0 ? saidBefore : new Set([...saidBefore, ...said.map((m) => m.seq)]);
  const lastSeq = logged.at(-1)?.seq ?? (restarted ? -1 : told.lastSeq);
  const clock = { nowNs: frame.nowNs, wallPlayedMs: frame.wallPlayedMs };
  return { restarted, logged, said, told: { lastSeq, clock, said: nowSaid } };
}

/** "At 3.5 s, a read hit the wall and fell back to etcd." */
export function sentenceOf(mark: MarkView): string {
  const atS = Number((mark.atNs / NS_PER_S).toFixed(1));
  return `At ${atS} s, ${mark.detail}.`;
}
