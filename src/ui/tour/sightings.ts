import type { Chapter } from "../../content/tour/chapter.ts";
import type { SimSnapshot } from "../../model/index.ts";

// Which captions' triggers the run has shown so far. A trigger is latched the first time it holds
// (a parked read may leave the waiting room before the reader presses Continue) together with
// the figures its caption quotes from that moment. A run that starts over starts the latches over.

export interface Sighting {
  /** Simulated time of the frame in which the trigger first held. */
  atNs: number;
  /** The caption's figures from that frame ("" when it quotes nothing). */
  quote: string;
}

export interface Sightings {
  /** Step index → when its trigger first held. */
  readonly seen: ReadonlyMap<number, Sighting>;
  readonly lastNs: number;
}

export const NO_SIGHTINGS: Sightings = { seen: new Map(), lastNs: 0 };

/** The sightings after `snapshot`; the same object when nothing new was seen. */
export function observe(
  sightings: Sightings,
  chapter: Chapter,
  steps: readonly number[],
  snapshot: SimSnapshot,
): Sightings {
  const restarted = snapshot.nowNs < sightings.lastNs;
  const before = restarted ? NO_SIGHTINGS.seen : sightings.seen;
  let seen: Map<number, Sighting> | null = null;
  for (const index of steps) {
    const step = chapter.steps[index];
    if (step === undefined || before.has(index) || !step.trigger.holds(snapshot)) continue;
    seen ??= new Map(before);
    seen.set(index, { atNs: snapshot.nowNs, quote: step.quote?.(snapshot) ?? "" });
  }
  if (seen === null && !restarted) return { ...sightings, lastNs: snapshot.nowNs };
  return { seen: seen ?? before, lastNs: snapshot.nowNs };
}
