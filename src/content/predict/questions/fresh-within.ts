import type { SimSnapshot } from "../../../model/index.ts";
import { counted } from "../../counted.ts";
import type { Question } from "../question.ts";

// How many waits for a fresh cache end within 110 ms: the figure KEP-2340's fleet reported
// (99.9 %), read from the model's own count of every wait (its snapshot's waitTally).

export interface FreshWithinSetting {
  setting: string;
  minWaits: number;
  windowS: number;
}

/** The share of waits that ended within 110 ms (NaN before the first). */
export const freshWithinShare = (s: SimSnapshot): number =>
  s.waitTally.within110ms / s.waitTally.waits;

const percent = (share: number): string => `${(share * 100).toFixed(2)} %`;

export function freshWithinQuestion({ setting, minWaits, windowS }: FreshWithinSetting): Question {
  return {
    prompt: `${setting} What share of the waits for a fresh cache will end within 110 ms?`,
    decides: {
      waitingFor: `${counted(minWaits, "wait")} to end`,
      windowS,
      holds: (s) => s.waitTally.waits >= minWaits,
    },
    evidence: (s) =>
      `${counted(s.waitTally.within110ms, "wait")} of ${counted(s.waitTally.waits, "wait")} ended within 110 ms (${percent(freshWithinShare(s))}), ${counted(s.waitTally.atWall, "wait")} at the wall.`,
    answers: [
      {
        id: "nearly-all",
        text: "Nearly all: more than 99.5 %",
        holds: (s) => freshWithinShare(s) > 0.995,
        why: "Events reach the cache within tens of milliseconds, and a read whose revision brings no pod event is unblocked by the progress etcd sends when the cache asks (every 100 ms while reads wait): only the rare read that waits for that progress and a slow event passes 110 ms.",
        panel: "panel-metrics",
      },
      {
        id: "most",
        text: "Most: 90 % to 99.5 %",
        holds: (s) => freshWithinShare(s) > 0.9 && freshWithinShare(s) <= 0.995,
        why: "The watch stream's delay is long enough that a read's wait passes 110 ms every so often.",
        panel: "panel-metrics",
      },
      {
        id: "fewer",
        text: "Fewer than 90 %",
        holds: (s) => freshWithinShare(s) <= 0.9,
        why: "The cache trails etcd by more than 110 ms often: most waits are long.",
        panel: "panel-metrics",
      },
    ],
  };
}
