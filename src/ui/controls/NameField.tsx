import { SCENARIO_KEYS } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";
import { CheckedField } from "./CheckedField.tsx";
import { textRule } from "./fieldRules.ts";

const { label, help, value } = SCENARIO_KEYS.name;
const NAME = textRule(value.maxChars);

/**
 * The scenario's title: only shown, so renaming does not restart the run. A longer name is refused
 * and said so, not cut where a pasted text happened to reach the limit.
 */
export function NameField() {
  const name = useApp((state) => state.scenario.name);
  const rename = useApp((state) => state.rename);
  return (
    <CheckedField
      className="field field-text"
      label={label}
      title={help}
      current={name}
      keptWords={name === "" ? "no name" : `"${name}"`}
      rule={NAME}
      inputMode="text"
      onCommit={rename}
    />
  );
}
