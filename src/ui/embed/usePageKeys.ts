import { useEffect, useMemo } from "react";
import { readPredictKey } from "../../content/predict/page-question.ts";
import { CHAPTER_IDS } from "../../content/tour/chapters/index.ts";
import { encodeScenario } from "../../model/index.ts";
import type { AppRuntime } from "../../state/runtime.ts";
import { checkSweepKey } from "../sweep/sweepKey.ts";
import { poolSize } from "../sweep/useSweepRun.ts";
import { readTourKey } from "../tour/tourKeyIssue.ts";
import { DEFAULT_EMBED_PANEL_IDS, EMBEDDABLE_PANEL_IDS } from "./embeddablePanels.tsx";
import { type PageKeyReading, readEmbedKeys } from "./embedKeys.ts";

/**
 * The link's page keys, read once: whether this is an embed, and what was wrong, for the banner;
 * refused keys (an embed's, an unknown tour chapter, a `predict` that names no answer, a sweep
 * the command line would refuse) leave the address.
 */
export function usePageKeys(runtime: AppRuntime): PageKeyReading {
  const reading = useMemo(() => {
    const embed = readEmbedKeys(
      runtime.store.getState().pageKeys,
      EMBEDDABLE_PANEL_IDS,
      DEFAULT_EMBED_PANEL_IDS,
    );
    const tour = readTourKey(embed.pageKeys, CHAPTER_IDS);
    const scenarioQuery = encodeScenario(runtime.store.getState().scenario);
    const predict = readPredictKey(scenarioQuery, tour.pageKeys);
    const sweep = checkSweepKey(predict.pageKeys, scenarioQuery, poolSize());
    return {
      ...embed,
      pageKeys: sweep.pageKeys,
      issues: [...embed.issues, ...tour.issues, ...predict.issues, ...sweep.issues],
    };
  }, [runtime]);
  useEffect(() => {
    const state = runtime.store.getState();
    if (reading.issues.length > 0) state.reportIssues(reading.issues);
    state.settlePageKeys(reading.pageKeys);
  }, [runtime, reading]);
  return reading;
}
