import { useEffect, useState } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { noSightings, observe, type Sighting, type Sightings, type Watch } from "./sightings.ts";

/**
 * The sightings of `watches` in the live run, checked on every frame; the component re-renders
 * only when a moment is first seen. Frames of run `staleRun` (or older) belong to the runs that
 * played before this one was opened, and are skipped until the new run's first frame. `watches` must keep
 * its identity between renders (memoise it), or the latches start over.
 */
export function useSightings<T>(
  watches: ReadonlyMap<number, Watch<T>>,
  staleRun: number | null,
): ReadonlyMap<number, Sighting<T>> {
  const { live } = useRuntime();
  const [sightings, setSightings] = useState<Sightings<T>>(noSightings);
  useEffect(() => {
    let current = noSightings<T>();
    let stale = staleRun;
    setSightings(current);
    const check = () => {
      const frame = live.get();
      if (frame === null) return;
      if (stale !== null && (frame.run ?? 0) <= stale) return;
      const { snapshot } = frame;
      stale = null;
      const next = observe(current, watches, snapshot);
      if (next.seen !== current.seen) setSightings(next);
      current = next;
    };
    check();
    return live.subscribe(check);
  }, [live, watches, staleRun]);
  return sightings.seen;
}
