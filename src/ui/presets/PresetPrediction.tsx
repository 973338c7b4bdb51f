import { useState } from "react";
import { asksFirst } from "../../content/predict/page-question.ts";
import type { Preset } from "../../content/presets.ts";
import { encodeScenario } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/useApp.ts";
import { PredictionCard } from "../predict/PredictionCard.tsx";
import { usePrediction } from "../predict/usePrediction.ts";
import { usePanelHighlight } from "../tour/usePanelHighlight.ts";
import { usePublishedPreset } from "./usePublishedPreset.ts";

/**
 * A preset opened as published asks its question first (unless the link says `predict=skip`):
 * the store has held its run at 0 s; the answer plays it, and the verdict comes at the moment
 * that decides it. Each opening asks afresh.
 */
export function PresetPrediction() {
  const preset = usePublishedPreset();
  const openings = useApp((state) => state.openings);
  const asks = useApp((state) => asksFirst(encodeScenario(state.scenario), state.pageKeys));
  const tour = useApp((state) => state.pageKeys["tour"]);
  if (preset === null || !asks || tour !== undefined) return null;
  return <PresetQuestion key={`${preset.id}/${openings}`} preset={preset} />;
}

function PresetQuestion({ preset }: { preset: Preset }) {
  const { store } = useRuntime();
  const [closed, setClosed] = useState(false);
  const play = () => {
    if (!store.getState().playing) store.getState().play();
  };
  const prediction = usePrediction(preset.question, play);
  const decided = prediction.phase === "decided";
  usePanelHighlight(decided && !closed ? (prediction.verdict?.happened?.panel ?? null) : null);
  if (closed || prediction.phase === "skipped") return null;
  return (
    <section className="tour preset-prediction" aria-label={`Predict: ${preset.title}`}>
      <h2 className="tour-title">{preset.title}</h2>
      <PredictionCard
        question={preset.question}
        prediction={prediction}
        kicker="Before this preset plays"
      />
      {decided && (
        <div className="tour-buttons">
          <button
            type="button"
            className="primary"
            onClick={() => {
              setClosed(true);
              play();
            }}
          >
            Play on
          </button>
        </div>
      )}
    </section>
  );
}
