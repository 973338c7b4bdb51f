import { formatCount } from "../../../ui/panels/shared/format.ts";
import { atLeastS } from "../../tour/readings.ts";
import type { Question } from "../question.ts";

// How many 3 s wake-up timers sleep at once: one per read that really waits, or one per read.

const FEW = 100;
const MANY = 1000;

export interface WakeUpTimersSetting {
  setting: string;
  /** The count is read once the load has settled, this many simulated seconds in. */
  atS: number;
}

export function wakeUpTimersQuestion({ setting, atS }: WakeUpTimersSetting): Question {
  return {
    prompt: `${setting} How many wake-up timers will be sleeping at once, ${atS} s in?`,
    decides: { waitingFor: `${atS} s of load`, windowS: atS + 1, holds: (s) => atLeastS(s, atS) },
    evidence: (s) => `${formatCount(s.timersPending)} timers pending at ${atS} s.`,
    answers: [
      {
        id: "few",
        text: `Fewer than ${FEW}: only reads that really wait start one`,
        holds: (s) => s.timersPending < FEW,
        why: "A read starts its 3 s timer only when it finds the cache behind and parks; reads the cache answers at once leave nothing sleeping.",
        panel: "panel-waiting-room",
      },
      {
        id: "hundreds",
        text: `Hundreds (${FEW} – ${formatCount(MANY - 1)})`,
        holds: (s) => s.timersPending >= FEW && s.timersPending < MANY,
        why: "Hundreds of reads each left a 3 s timer sleeping: more reads start one than only those that park.",
        panel: "panel-waiting-room",
      },
      {
        id: "thousands",
        text: `Thousands: every read leaves one sleeping for 3 s`,
        holds: (s) => s.timersPending >= MANY,
        why: "Each read started its 3 s timer before it looked at the cache, even one answered at once, and the timer sleeps on after the read has gone: hundreds of reads a second × 3 s.",
        panel: "panel-waiting-room",
      },
    ],
  };
}
