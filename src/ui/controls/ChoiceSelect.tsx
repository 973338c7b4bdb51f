import { useId } from "react";
import type { ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { useRunKey } from "./useRunKey.ts";

/** A key with a few named values (version, retry, how clients read, arrivals). */
export function ChoiceSelect({
  runKey,
  options,
}: {
  runKey: ScenarioKey;
  options: readonly string[];
}) {
  const id = useId();
  const [text, setText] = useRunKey(runKey);
  const { label, help } = SCENARIO_KEYS[runKey];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} title={help} value={text} onChange={(event) => setText(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
