import type { NumberRange, ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { ScaleSlider } from "./ScaleSlider.tsx";
import { useRunKey } from "./use-run-key.ts";

/** A numeric key that restarts the run when moved (objects, timeouts, the wall). */
export function RunSlider({ runKey, range }: { runKey: ScenarioKey; range: NumberRange }) {
  const [text, setText] = useRunKey(runKey);
  const { label, unit, help } = SCENARIO_KEYS[runKey];
  return (
    <ScaleSlider
      label={label}
      unit={unit}
      help={`${help} Changing it restarts the run.`}
      range={range}
      value={Number(text)}
      onCommit={(value) => setText(String(value))}
    />
  );
}
