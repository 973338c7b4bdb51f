import { useStore } from "zustand";
import { PROM_KEY, type PromSemantics, promSemanticsOf } from "../../../state/prom-semantics.ts";
import { useRuntime } from "../../../state/runtime-context.ts";

/** The Prometheus the windowed figures follow (the link's `prom`), and how to choose another. */
export function usePromSemantics(): [PromSemantics, (semantics: PromSemantics) => void] {
  const store = useRuntime().store;
  const semantics = useStore(store, (state) => promSemanticsOf(state.pageKeys));
  const setPageKey = useStore(store, (state) => state.setPageKey);
  // Written even for the default, so a shared link names the Prometheus its figures follow.
  return [semantics, (chosen) => setPageKey(PROM_KEY, chosen)];
}
