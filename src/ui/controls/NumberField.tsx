import type { NumberRange, ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { CheckedField } from "./CheckedField.tsx";
import { rangeRule } from "./fieldRules.ts";
import { useRunKey } from "./useRunKey.ts";

/** A number typed exactly (the seed): committed on Enter or when the field is left. */
export function NumberField({ runKey, range }: { runKey: ScenarioKey; range: NumberRange }) {
  const [text, setText] = useRunKey(runKey);
  const { label, help, unit } = SCENARIO_KEYS[runKey];
  return (
    <CheckedField
      className="field"
      label={label}
      title={help}
      current={text}
      rule={rangeRule(range, unit)}
      inputMode="numeric"
      onCommit={setText}
    />
  );
}
