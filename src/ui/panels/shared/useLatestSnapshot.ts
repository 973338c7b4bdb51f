import { useSyncExternalStore } from "react";
import type { SimSnapshot } from "../../../model/index.ts";
import { useFrameSource } from "./frameSource.ts";

const noFrames = () => () => {};

/**
 * The newest snapshot every frame when a frame source is provided, else `snapshot`: for the few
 * small parts of a panel that must move with the run (a waiter's bar reaches the wall in 0.3 s
 * of wall time at 10×), while the rest of the panel renders a few times a second.
 */
export function useLatestSnapshot(snapshot: SimSnapshot): SimSnapshot {
  const source = useFrameSource();
  const latest = useSyncExternalStore(source?.subscribe ?? noFrames, () => source?.get() ?? null);
  return latest ?? snapshot;
}
