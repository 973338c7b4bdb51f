import { useSyncExternalStore } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import { formatSpeed } from "../../state/speed.ts";

/** Below this share of the asked speed, the page says the run is slower than asked. */
const SHORTFALL = 0.9;

/**
 * "running at 6.2× (asked 10×)": a heavy scenario can outrun the simulation, which then plays as
 * fast as it can while still answering every frame. The reader must never take it for the asked
 * speed. Renders only when the rounded figure changes, not per frame.
 */
export function ReachedSpeed({ asked }: { asked: number }) {
  const { live } = useRuntime();
  const reached = useSyncExternalStore(live.subscribe, () => {
    const speed = live.get()?.reachedSpeed ?? null;
    return speed === null || speed >= asked * SHORTFALL ? null : Number(speed.toPrecision(2));
  });
  if (reached === null) return null;
  return (
    <span className="reached-speed" data-testid="reached-speed">
      running at {formatSpeed(reached)} (asked {formatSpeed(asked)})
    </span>
  );
}
