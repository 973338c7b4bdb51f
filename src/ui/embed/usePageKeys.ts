import { useEffect, useMemo } from "react";
import type { AppRuntime } from "../../state/runtime.ts";
import { PANEL_IDS } from "../layout/panelCatalog.tsx";
import { type PageKeyReading, readEmbedKeys } from "./embedKeys.ts";

/** The link's page keys, read once: whether this is an embed, and what was wrong, for the banner. */
export function usePageKeys(runtime: AppRuntime): PageKeyReading {
  const reading = useMemo(
    () => readEmbedKeys(runtime.store.getState().pageKeys, PANEL_IDS),
    [runtime],
  );
  useEffect(() => {
    if (reading.issues.length > 0) runtime.store.getState().reportIssues(reading.issues);
  }, [runtime, reading]);
  return reading;
}
