import { useEffect, useState } from "react";
import type { SimSnapshot } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";

type Shown = readonly (SimSnapshot | null)[];

/**
 * The store's copy of the snapshot for `count` panels, handed to one panel per task: each panel's
 * text render is then its own short task instead of one long one for the whole grid (a long task
 * holds back input and the next frame). A newer snapshot arriving mid-round reaches every panel.
 */
export function useStaggeredSnapshots(count: number): Shown {
  const { store } = useRuntime();
  const [shown, setShown] = useState<Shown>(() => filled(count, store.getState().snapshot));

  useEffect(() => {
    let current: Shown = filled(count, store.getState().snapshot);
    setShown(current);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    const turn = (panel: number) => {
      const latest = store.getState().snapshot;
      if (current[panel] !== latest) {
        current = current.map((snapshot, i) => (i === panel ? latest : snapshot));
        setShown(current);
      }
      const next = current.findIndex((snapshot) => snapshot !== latest);
      running = next !== -1;
      if (running) timer = setTimeout(() => turn(next), 0);
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.snapshot !== previous.snapshot && !running) turn(0);
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
