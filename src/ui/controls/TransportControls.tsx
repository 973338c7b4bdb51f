import { STEP_MS } from "../../state/app-store.ts";
import { useApp } from "../../state/useApp.ts";

/** Play/pause and a single step of simulated time. */
export function TransportControls() {
  const playing = useApp((state) => state.playing);
  const play = useApp((state) => state.play);
  const pause = useApp((state) => state.pause);
  const step = useApp((state) => state.step);
  const reset = useApp((state) => state.reset);
  return (
    <div className="transport">
      <button type="button" className="primary" onClick={playing ? pause : play}>
        {playing ? "Pause" : "Play"}
      </button>
      <button
        type="button"
        onClick={step}
        title={`Pause and advance ${STEP_MS} ms of simulated time`}
      >
        Step {STEP_MS} ms
      </button>
      <button
        type="button"
        onClick={reset}
        title="Replay this scenario, live changes included, from 0 s"
      >
        Replay from 0 s
      </button>
    </div>
  );
}
