import { useId } from "react";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { useApp } from "../../state/use-app.ts";
import { useCommitOnChange } from "./use-commit-on-change.ts";

/** The scenario's title: only shown, so renaming does not restart the run. */
export function NameField() {
  const id = useId();
  const name = useApp((state) => state.scenario.name);
  const rename = useApp((state) => state.rename);
  const ref = useCommitOnChange<HTMLInputElement>((input) => rename(input.value));
  const { label, help, value } = SCENARIO_KEYS.name;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        title={help}
        id={id}
        key={name}
        ref={ref}
        type="text"
        maxLength={value.maxChars}
        defaultValue={name}
      />
    </div>
  );
}
