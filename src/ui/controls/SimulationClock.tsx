import { NS_PER_MS } from "../../model/index.ts";
import { useShownFrame } from "../../state/useLiveFrame.ts";
import { formatClock } from "./clockSeconds.ts";

/**
 * Simulated and wall time side by side: at 0.1× a 3 s wall takes 30 s to watch, and the reader
 * must never mistake one clock for the other. It reads the shown frame, so it tells the moment the panels show.
 */
export function SimulationClock() {
  const frame = useShownFrame();
  const simulatedNs = frame === null ? 0 : frame.snapshot.nowNs;
  const wallNs = frame === null ? 0 : frame.wallPlayedMs * NS_PER_MS;
  return (
    <p className="clock">
      <span className="clock-simulated">
        simulated <strong data-testid="simulated-seconds">{formatClock(simulatedNs)}</strong>
      </span>
      <span aria-hidden="true"> · </span>
      <span className="clock-wall">
        wall <span data-testid="wall-seconds">{formatClock(wallNs)}</span>
      </span>
    </p>
  );
}
