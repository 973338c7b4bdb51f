import { useEffect, useState } from "react";
import type { SimSnapshot } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";

type Shown = readonly (SimSnapshot | null)[];

/**
 * The store's copy of the snapshot for `count` panels, handed to one panel per task: each panel's
 * text render is then its own short task instead of one long one for the whole grid (a long task
 * holds back input and the next frame). A round hands every panel the same snapshot; one that
 * arrives mid-round waits for the next round, so once a round ends every panel shows one moment.
 */
export function useStaggeredSnapshots(count: number): Shown {
  const { store } = useRuntime();
  const [shown, setShown] = useState<Shown>(() => filled(count, store.getState().snapshot));

  useEffect(() => {
    let current: Shown = filled(count, store.getState().snapshot);
    setShown(current);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let round: SimSnapshot | null = null;
    const turn = (panel: number) => {
      const handed = round;
      if (current[panel] !== handed) {
        current = current.map((snapshot, i) => (i === panel ? handed : snapshot));
        setShown(current);
      }
      const next = current.findIndex((snapshot) => snapshot !== handed);
      if (next !== -1) {
        timer = setTimeout(() => turn(next), 0);
        return;
      }
      const latest = store.getState().snapshot;
      round = latest === handed ? null : latest;
      if (round !== null) turn(0);
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.snapshot === previous.snapshot || round !== null) return;
      round = state.snapshot;
      turn(0);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, count]);

  return shown.length === count ? shown : filled(count, store.getState().snapshot);
}

const filled = (count: number, snapshot: SimSnapshot | null): Shown =>
  Array.from({ length: count }, () => snapshot);
