import { useEffect, useId, useState } from "react";
import { useStore } from "zustand";
import {
  DEFAULT_SCRAPE_S,
  type MetricsWindowStore,
  WINDOW_CHOICES,
} from "../../../state/metrics-window.ts";
import { PROM_CHOICES, type PromSemantics } from "../../../state/prom-semantics.ts";
import { usePromSemantics } from "./usePromSemantics.ts";

const MIN_SCRAPE_S = 1;
const MAX_SCRAPE_S = 120;

/**
 * The window the figures are read over, the scrape interval they are sampled at, and the
 * Prometheus whose PromQL they follow.
 */
export function WindowPicker({ store }: { store: MetricsWindowStore }) {
  const windowS = useStore(store, (state) => state.windowS);
  const stepS = useStore(store, (state) => state.stepS);
  const setWindow = useStore(store, (state) => state.setWindow);
  const setStep = useStore(store, (state) => state.setStep);
  const windowId = useId();
  const stepId = useId();
  const promId = useId();
  const [semantics, setSemantics] = usePromSemantics();
  const [draft, setDraft] = useState(String(stepS));
  // Another picker of the same store (the compare view's, the other run's panel) changed the
  // interval: show it here too, unless this one's text already says it.
  useEffect(() => setDraft((text) => (Number(text) === stepS ? text : String(stepS))), [stepS]);
  const draftS = Number(draft);
  const valid = Number.isInteger(draftS) && draftS >= MIN_SCRAPE_S && draftS <= MAX_SCRAPE_S;
  return (
    <div className="wcl-window-picker">
      <label htmlFor={windowId}>Metrics window</label>
      <select
        id={windowId}
        value={windowS}
        onChange={(event) => setWindow(Number(event.currentTarget.value))}
      >
        {WINDOW_CHOICES.map((choice) => (
          <option key={choice.windowS} value={choice.windowS}>
            {choice.label}
          </option>
        ))}
      </select>
      <label htmlFor={stepId}>scrape every</label>
      <input
        id={stepId}
        type="number"
        inputMode="numeric"
        min={MIN_SCRAPE_S}
        max={MAX_SCRAPE_S}
        step={1}
        value={draft}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${stepId}-error`}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setDraft(text);
          const seconds = Number(text);
          if (Number.isInteger(seconds) && seconds >= MIN_SCRAPE_S && seconds <= MAX_SCRAPE_S) {
            setStep(seconds);
          }
        }}
      />
      <span>s</span>
      <label htmlFor={promId}>PromQL as</label>
      <select
        id={promId}
        value={semantics}
        onChange={(event) => setSemantics(event.currentTarget.value as PromSemantics)}
      >
        {PROM_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {!valid && (
        <span className="wcl-window-picker__error" id={`${stepId}-error`} role="alert">
          A whole number of seconds from {MIN_SCRAPE_S} to {MAX_SCRAPE_S}; still{" "}
          {stepS === DEFAULT_SCRAPE_S ? `the default ${stepS}` : stepS} s.
        </span>
      )}
    </div>
  );
}
