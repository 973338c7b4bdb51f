import { useEffect, useState } from "react";
import type { Chapter } from "../../content/tour/chapter.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { NO_SIGHTINGS, observe, type Sighting, type Sightings } from "./sightings.ts";

/**
 * The sightings of `steps` in the live run, checked on every frame; the component re-renders only
 * when a caption's trigger is first seen. Frames of run `staleRun` belong to the run that was
 * playing before this one was opened, and are skipped until the new run's first frame.
 */
export function useSightings(
  chapter: Chapter,
  steps: readonly number[],
  staleRun: number | null,
): ReadonlyMap<number, Sighting> {
  const { live } = useRuntime();
  const [sightings, setSightings] = useState<Sightings>(NO_SIGHTINGS);
  useEffect(() => {
    let current = NO_SIGHTINGS;
    let stale = staleRun;
    setSightings(NO_SIGHTINGS);
    const check = () => {
      const frame = live.get();
      if (frame === null) return;
      if (stale !== null && (frame.run ?? 0) === stale) return;
      const { snapshot } = frame;
      stale = null;
      const next = observe(current, chapter, steps, snapshot);
      if (next.seen !== current.seen) setSightings(next);
      current = next;
    };
    check();
    return live.subscribe(check);
  }, [live, chapter, steps, staleRun]);
  return sightings.seen;
}
