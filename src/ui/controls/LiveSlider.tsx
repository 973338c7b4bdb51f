import type { ScheduleKey } from "../../model/index.ts";
import { SCENARIO_KEYS, valueAt } from "../../model/index.ts";
import { useApp } from "../../state/use-app.ts";
import { ScaleSlider } from "./ScaleSlider.tsx";

/** A schedule key's slider: shows the value in force now; a move takes effect without a restart. */
export function LiveSlider({ scheduleKey }: { scheduleKey: ScheduleKey }) {
  // The value in force, not the clock: a slider re-renders when its value changes, not per snapshot.
  const inForce = useApp((state) =>
    valueAt(state.scenario[scheduleKey], state.snapshot?.nowNs ?? 0),
  );
  const setLive = useApp((state) => state.setLive);
  const { label, unit, help, value } = SCENARIO_KEYS[scheduleKey];
  return (
    <ScaleSlider
      label={label}
      unit={unit}
      help={help}
      range={value}
      value={inForce}
      onCommit={(next) => setLive(scheduleKey, next)}
    />
  );
}
