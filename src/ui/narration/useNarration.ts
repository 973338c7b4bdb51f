import { useEffect, useState } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { createAnnouncer } from "./announcer.ts";
import { NOTHING_TOLD, newMarks, sentenceOf } from "./new-marks.ts";

/** Entries the visible log keeps, newest first. */
export const LOG_LENGTH = 50;

export interface Narration {
  /** What the live region says now (rate-limited). */
  announcement: string;
  /** Every notable event told so far, newest first, at most LOG_LENGTH. */
  log: readonly { seq: number; text: string }[];
}

/** Tells the run's notable events (its marks) as they are recorded, in plain sentences. */
export function useNarration(): Narration {
  const { live } = useRuntime();
  const [announcement, setAnnouncement] = useState("");
  const [log, setLog] = useState<Narration["log"]>([]);
  useEffect(() => {
    const announcer = createAnnouncer({
      say: setAnnouncement,
      nowMs: () => performance.now(),
      later: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
    });
    let told = NOTHING_TOLD;
    const check = () => {
      const frame = live.get();
      if (frame === null) return;
      const { snapshot, wallPlayedMs } = frame;
      const found = newMarks(told, { nowNs: snapshot.nowNs, wallPlayedMs, marks: snapshot.marks });
      told = found.told;
      const entries = found.logged.map((mark) => ({ seq: mark.seq, text: sentenceOf(mark) }));
      announcer.add(found.said.map(sentenceOf));
      if (found.restarted) setLog(entries.reverse().slice(0, LOG_LENGTH));
      else if (entries.length > 0) {
        setLog((previous) => [...entries.reverse(), ...previous].slice(0, LOG_LENGTH));
      }
    };
    check();
    const unsubscribe = live.subscribe(check);
    return () => {
      unsubscribe();
      announcer.stop();
    };
  }, [live]);
  return { announcement, log };
}
