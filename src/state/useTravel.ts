import { useStore } from "zustand";
import { useRuntime } from "./runtime-context.ts";
import type { TravelActions, TravelState } from "./travel-store.ts";

/** Reads one thing from the time-travel store; like useApp, select a single value or action. */
export function useTravel<T>(selector: (state: TravelState & TravelActions) => T): T {
  return useStore(useRuntime().travel, selector);
}
