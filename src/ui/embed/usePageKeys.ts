import { useEffect, useMemo } from "react";
import type { AppRuntime } from "../../state/runtime.ts";
import { DEFAULT_EMBED_PANEL_IDS, EMBEDDABLE_PANEL_IDS } from "./embeddablePanels.tsx";
import { type PageKeyReading, readEmbedKeys } from "./embedKeys.ts";

/**
 * The link's page keys, read once: whether this is an embed, and what was wrong, for the banner;
 * refused keys leave the address.
 */
export function usePageKeys(runtime: AppRuntime): PageKeyReading {
  const reading = useMemo(
    () =>
      readEmbedKeys(
        runtime.store.getState().pageKeys,
        EMBEDDABLE_PANEL_IDS,
        DEFAULT_EMBED_PANEL_IDS,
      ),
    [runtime],
  );
  useEffect(() => {
    const state = runtime.store.getState();
    if (reading.issues.length > 0) state.reportIssues(reading.issues);
    state.settlePageKeys(reading.pageKeys);
  }, [runtime, reading]);
  return reading;
}
