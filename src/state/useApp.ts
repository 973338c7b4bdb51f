import { useStore } from "zustand";
import type { AppActions, AppState } from "./app-store.ts";
import { useRuntime } from "./runtime-context.ts";

/**
 * Reads one thing from the page's store. Select a single value or an action: a selector that builds
 * a new object on every call makes zustand 5 re-render forever.
 */
export function useApp<T>(selector: (state: AppState & AppActions) => T): T {
  return useStore(useRuntime().store, selector);
}
