import type { NumberRange, ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { ScaleSlider } from "./ScaleSlider.tsx";
import type { SliderRange } from "./slider-scale.ts";
import { useRunKey } from "./use-run-key.ts";

/**
 * Values off the round scale that a slider must offer: the LIST costs fitted to KEP-2340 (not
 * round numbers), and the object sizes of 1 KiB (KEP-2340's small objects) and 2 KiB (the default).
 */
const EXTRA_STEPS: Partial<Record<ScenarioKey, readonly number[]>> = {
  objectBytes: [1024, SCENARIO_KEYS.objectBytes.default],
  etcdObjectCost: [SCENARIO_KEYS.etcdObjectCost.default],
  etcdByteCost: [SCENARIO_KEYS.etcdByteCost.default],
  cacheCost: [SCENARIO_KEYS.cacheCost.default],
};
const RANGES = new Map<ScenarioKey, SliderRange>();

/** The steps a run key's slider offers: its range, with the values above (one object per key). */
export function runSliderRange(runKey: ScenarioKey, range: NumberRange): SliderRange {
  const extra = EXTRA_STEPS[runKey];
  if (extra === undefined) return range;
  let withExtra = RANGES.get(runKey);
  if (withExtra === undefined) {
    withExtra = { ...range, extra };
    RANGES.set(runKey, withExtra);
  }
  return withExtra;
}

/** A numeric key that restarts the run when moved (objects, timeouts, the wall). */
export function RunSlider({ runKey, range }: { runKey: ScenarioKey; range: NumberRange }) {
  const [text, setText] = useRunKey(runKey);
  const { label, unit, help } = SCENARIO_KEYS[runKey];
  return (
    <ScaleSlider
      label={label}
      unit={unit}
      help={`${help} Changing it restarts the run.`}
      range={runSliderRange(runKey, range)}
      value={Number(text)}
      onCommit={(value) => setText(String(value))}
    />
  );
}
