import type { ScheduleKey } from "../../model/index.ts";
import { SCENARIO_KEYS, valueAt } from "../../model/index.ts";
import { useApp } from "../../state/use-app.ts";
import { ScaleSlider } from "./ScaleSlider.tsx";
import type { SliderRange } from "./slider-scale.ts";

const WALL_MS = SCENARIO_KEYS.blockTimeout.default;

/**
 * Watch lag in 100 ms steps around the wall, where consistent reads start to fall back: on the
 * round scale alone it jumped 2,500 → 3,000 → 4,000 ms, right over the threshold.
 */
const NEAR_THE_WALL_MS = [-400, -300, -200, -100, -50, 50, 100, 200, 300, 500].map(
  (offset) => WALL_MS + offset,
);

const RANGES: Partial<Record<ScheduleKey, SliderRange>> = {
  lag: { ...SCENARIO_KEYS.lag.value, extra: NEAR_THE_WALL_MS },
};

/** How far past the lag setting the cache must be behind for the slider to say why. */
const BEHIND_NOTE_S = 1;

/** A schedule key's slider: shows the value in force now; a move takes effect without a restart. */
export function LiveSlider({ scheduleKey }: { scheduleKey: ScheduleKey }) {
  // The value in force in the run, not the clock: a slider re-renders when its value changes, not
  // per snapshot. Read from the run's record, where moves come into force in the order made.
  const inForce = useApp((state) =>
    valueAt(state.recorded[scheduleKey], state.snapshot?.nowNs ?? 0),
  );
  const setLive = useApp((state) => state.setLive);
  const { label, unit, help, value } = SCENARIO_KEYS[scheduleKey];
  return (
    <>
      <ScaleSlider
        label={label}
        unit={unit}
        help={help}
        range={RANGES[scheduleKey] ?? value}
        value={inForce}
        onCommit={(next) => setLive(scheduleKey, next)}
      />
      {scheduleKey === "lag" && <BehindNote lagMs={inForce} />}
    </>
  );
}

/**
 * After a long lag is set back, events sent under it are still on their way: the slider reads
 * 2,000 ms while the cache is 9.44 s behind. Said beside the slider, so the two do not seem to
 * disagree.
 */
function BehindNote({ lagMs }: { lagMs: number }) {
  const behindS = useApp((state) => Math.round((state.snapshot?.lagSeconds ?? 0) * 100) / 100);
  if (behindS * 1000 <= lagMs + BEHIND_NOTE_S * 1000) return null;
  return (
    <p className="slider-note" role="note">
      The cache is {behindS.toFixed(2)} s behind now, more than this lag: events sent under an
      earlier setting or held by a stall are still on their way.
    </p>
  );
}
