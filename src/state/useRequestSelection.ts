import { useContext, useSyncExternalStore } from "react";
import { RuntimeContext } from "./runtime-context.ts";

// The selected request, for panels that let a reader pick one. Outside a page (a panel rendered on
// its own, in a test or an embed without the code pane) there is nothing to select into: null.

interface RequestSelection {
  selectedId: number | null;
  select(id: number | null): void;
}

const noSubscription = () => () => {};

export function useRequestSelection(): RequestSelection | null {
  const store = useContext(RuntimeContext)?.store ?? null;
  const selectedId = useSyncExternalStore(
    store === null ? noSubscription : store.subscribe,
    () => store?.getState().selectedRequestId ?? null,
  );
  return store === null ? null : { selectedId, select: store.getState().selectRequest };
}
