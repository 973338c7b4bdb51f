import { useApp } from "../../state/useApp.ts";

/** The one control every embed keeps, even with `controls=0`. */
export function PlayPauseButton() {
  const playing = useApp((state) => state.playing);
  const play = useApp((state) => state.play);
  const pause = useApp((state) => state.pause);
  return (
    <button type="button" className="primary" onClick={playing ? pause : play}>
      {playing ? "Pause" : "Play"}
    </button>
  );
}
