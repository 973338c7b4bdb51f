import { useEffect, useMemo } from "react";
import { CHAPTER_IDS } from "../../content/tour/chapters/index.ts";
import type { AppRuntime } from "../../state/runtime.ts";
import { readTourKey } from "../tour/tourKeyIssue.ts";
import { DEFAULT_EMBED_PANEL_IDS, EMBEDDABLE_PANEL_IDS } from "./embeddablePanels.tsx";
import { type PageKeyReading, readEmbedKeys } from "./embedKeys.ts";

/**
 * The link's page keys, read once: whether this is an embed, and what was wrong, for the banner;
 * refused keys (an embed's, an unknown tour chapter) leave the address.
 */
export function usePageKeys(runtime: AppRuntime): PageKeyReading {
  const reading = useMemo(() => {
    const embed = readEmbedKeys(
      runtime.store.getState().pageKeys,
      EMBEDDABLE_PANEL_IDS,
      DEFAULT_EMBED_PANEL_IDS,
    );
    const tour = readTourKey(embed.pageKeys, CHAPTER_IDS);
    return { ...embed, pageKeys: tour.pageKeys, issues: [...embed.issues, ...tour.issues] };
  }, [runtime]);
  useEffect(() => {
    const state = runtime.store.getState();
    if (reading.issues.length > 0) state.reportIssues(reading.issues);
    state.settlePageKeys(reading.pageKeys);
  }, [runtime, reading]);
  return reading;
}
