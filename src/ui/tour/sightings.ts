import type { Chapter } from "../../content/tour/chapter.ts";
import type { SimSnapshot } from "../../model/index.ts";

// Which moments the run has shown so far: a caption's trigger, a question's deciding moment. A
// moment is latched the first time it holds (a parked read may leave the waiting room before the
// reader presses Continue) together with what is read off the snapshot of that moment (a caption's
// figures, a verdict). A run that starts over starts the latches over.

/** A moment to watch for, and what to keep from the snapshot in which it first held. */
export interface Watch<T> {
  holds: (snapshot: SimSnapshot) => boolean;
  take: (snapshot: SimSnapshot) => T;
}

export interface Sighting<T> {
  /** Simulated time of the frame in which the moment first held. */
  atNs: number;
  /** What was read off that frame. */
  taken: T;
}

export interface Sightings<T> {
  /** Watch key → when it first held. */
  readonly seen: ReadonlyMap<number, Sighting<T>>;
  readonly lastNs: number;
}

export const noSightings = <T>(): Sightings<T> => ({ seen: new Map(), lastNs: 0 });

/** A chapter's steps as watches, keyed by step index: each keeps its caption's figures. */
export function stepWatches(
  chapter: Chapter,
  steps: readonly number[],
): ReadonlyMap<number, Watch<string>> {
  return new Map(
    steps.flatMap((index) => {
      const step = chapter.steps[index];
      if (step === undefined) return [];
      const watch: Watch<string> = {
        holds: step.trigger.holds,
        take: (snapshot) => step.quote?.(snapshot) ?? "",
      };
      return [[index, watch] as const];
    }),
  );
}

/** The sightings after `snapshot`; the same `seen` map when nothing new was seen. */
export function observe<T>(
  sightings: Sightings<T>,
  watches: ReadonlyMap<number, Watch<T>>,
  snapshot: SimSnapshot,
): Sightings<T> {
  const restarted = snapshot.nowNs < sightings.lastNs;
  const before: ReadonlyMap<number, Sighting<T>> = restarted ? new Map() : sightings.seen;
  let seen: Map<number, Sighting<T>> | null = null;
  for (const [key, watch] of watches) {
    if (before.has(key) || !watch.holds(snapshot)) continue;
    seen ??= new Map(before);
    seen.set(key, { atNs: snapshot.nowNs, taken: watch.take(snapshot) });
  }
  if (seen === null && !restarted) return { ...sightings, lastNs: snapshot.nowNs };
  return { seen: seen ?? before, lastNs: snapshot.nowNs };
}
