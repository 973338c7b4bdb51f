import { useSyncExternalStore } from "react";
import type { LiveFrame } from "./live-snapshot.ts";
import { useRuntime } from "./runtime-context.ts";

/** The newest frame; a component using it re-renders once per frame, the page around it does not. */
export function useLiveFrame(): LiveFrame | null {
  const { live } = useRuntime();
  return useSyncExternalStore(live.subscribe, live.get);
}
