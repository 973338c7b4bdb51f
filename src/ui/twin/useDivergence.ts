import { useEffect, useState } from "react";
import type { SimSnapshot } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { createDivergenceLog, type DivergenceLog } from "./divergence.ts";

interface DivergenceView {
  log: DivergenceLog;
  /** The shown pair of snapshots, A then B (the page's shown frame), or null before the first. */
  pair: readonly [SimSnapshot, SimSnapshot] | null;
}

/**
 * Feeds every twin frame into a divergence log (a part that does not fit in a frame would be
 * missed); shows the pair of the page's shown frame, so the strip, the table and the panels agree.
 */
export function useDivergence(): DivergenceView {
  const { live, shown } = useRuntime();
  const [log] = useState(createDivergenceLog);
  const [pair, setPair] = useState<DivergenceView["pair"]>(null);
  useEffect(() => {
    const take = () => {
      const frame = live.get();
      if (frame?.twin !== undefined) log.add(frame.snapshot, frame.twin);
    };
    const show = () => {
      const frame = shown.get();
      if (frame?.twin !== undefined) setPair([frame.snapshot, frame.twin]);
    };
    take();
    show();
    const stopTaking = live.subscribe(take);
    const stopShowing = shown.subscribe(show);
    return () => {
      stopTaking();
      stopShowing();
    };
  }, [live, shown, log]);
  return { log, pair };
}
