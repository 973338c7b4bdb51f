import { useSyncExternalStore } from "react";
import type { LiveFrame } from "./live-snapshot.ts";
import { useRuntime } from "./runtime-context.ts";

/** The frame the page shows (the panels' snapshot): for anything that displays a number of the run. */
export function useShownFrame(): LiveFrame | null {
  const { shown } = useRuntime();
  return useSyncExternalStore(shown.subscribe, shown.get);
}

/** The newest frame, every frame: for what reports the worker's own progress, not the run's figures. */
export function useLiveFrame(): LiveFrame | null {
  const { live } = useRuntime();
  return useSyncExternalStore(live.subscribe, live.get);
}
