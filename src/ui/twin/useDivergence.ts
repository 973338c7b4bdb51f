import { useEffect, useState } from "react";
import type { SimSnapshot } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { createDivergenceLog, type DivergenceLog } from "./divergence.ts";

/** How often the strip and table redraw: they summarise a run, they need not move every frame. */
const REDRAW_EVERY_MS = 250;

interface DivergenceView {
  log: DivergenceLog;
  /** The newest pair of snapshots, A then B, or null before the first. */
  pair: readonly [SimSnapshot, SimSnapshot] | null;
}

/** Feeds every twin frame into a divergence log; re-renders a few times a second. */
export function useDivergence(): DivergenceView {
  const { live } = useRuntime();
  const [log] = useState(createDivergenceLog);
  const [pair, setPair] = useState<DivergenceView["pair"]>(null);
  useEffect(() => {
    let lastMs = Number.NEGATIVE_INFINITY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = (a: SimSnapshot, b: SimSnapshot) => {
      lastMs = performance.now();
      setPair([a, b]);
    };
    const take = () => {
      const frame = live.get();
      if (frame?.twin === undefined) return;
      const { snapshot, twin } = frame;
      log.add(snapshot, twin);
      clearTimeout(timer);
      // The last frame before a pause is published too, a moment later.
      const waitMs = lastMs + REDRAW_EVERY_MS - performance.now();
      if (waitMs <= 0) publish(snapshot, twin);
      else timer = setTimeout(() => publish(snapshot, twin), waitMs);
    };
    take();
    const stop = live.subscribe(take);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [live, log]);
  return { log, pair };
}
