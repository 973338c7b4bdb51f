import { toSeconds } from "../../model/index.ts";
import { useShownFrame } from "../../state/use-live-frame.ts";

const seconds = (value: number) => `${value.toFixed(1)} s`;

/**
 * Simulated and wall time side by side: at 0.1× a 3 s wall takes 30 s to watch, and the reader
 * must never mistake one clock for the other. It reads the shown frame, so it tells the moment the panels show.
 */
export function SimulationClock() {
  const frame = useShownFrame();
  const simulatedS = frame === null ? 0 : toSeconds(frame.snapshot.nowNs);
  const wallS = frame === null ? 0 : frame.wallPlayedMs / 1000;
  return (
    <p className="clock">
      <span className="clock-simulated">
        simulated <strong data-testid="simulated-seconds">{seconds(simulatedS)}</strong>
      </span>
      <span aria-hidden="true"> · </span>
      <span className="clock-wall">
        wall <span data-testid="wall-seconds">{seconds(wallS)}</span>
      </span>
    </p>
  );
}
