import { useId } from "react";
import type { NumberRange, ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { useCommitOnChange } from "./use-commit-on-change.ts";
import { useRunKey } from "./use-run-key.ts";

/** A number typed exactly (the seed): committed on Enter or when the field is left. */
export function NumberField({ runKey, range }: { runKey: ScenarioKey; range: NumberRange }) {
  const id = useId();
  const [text, setText] = useRunKey(runKey);
  const { label, help } = SCENARIO_KEYS[runKey];
  const ref = useCommitOnChange<HTMLInputElement>((input) => {
    if (input.validity.valid && input.value !== "") setText(input.value);
    else input.value = text;
  });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        title={help}
        id={id}
        key={text}
        ref={ref}
        type="number"
        min={range.min}
        max={range.max}
        step={range.integer ? 1 : "any"}
        defaultValue={text}
      />
    </div>
  );
}
