import { useId, useState } from "react";
import type { Challenge, Trial } from "../../content/challenges/challenge.ts";
import { encodeScenario, SCENARIO_KEYS, valueAt } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/useApp.ts";
import { openChallenge } from "./open-challenge.ts";

/** A value to try: each try is the scenario with that one value from 0 s, judged from the start. */
export function TrialField({ challenge, trial }: { challenge: Challenge; trial: Trial }) {
  const { store } = useRuntime();
  const inForce = useApp((state) => valueAt(state.scenario[trial.key], 0));
  const [text, setText] = useState(String(inForce));
  const id = useId();
  const { min, max } = SCENARIO_KEYS[trial.key].value;
  const value = Number(text);
  const valid = text.trim() !== "" && Number.isFinite(value) && value >= min && value <= max;
  const tryIt = () => {
    const { scenario, pageKeys } = store.getState();
    const tried = encodeScenario({ ...scenario, [trial.key]: [{ atNs: 0, value }] });
    openChallenge(store, challenge, tried, pageKeys);
  };
  return (
    <form
      className="challenge-trial"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) tryIt();
      }}
    >
      <label htmlFor={id}>
        {trial.label} ({trial.unit})
      </label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={trial.step}
        value={text}
        aria-invalid={!valid}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" disabled={!valid}>
        Run it from 0 s
      </button>
      {!valid && (
        <span className="challenge-note" role="status">
          a number {min} … {max}
        </span>
      )}
    </form>
  );
}
