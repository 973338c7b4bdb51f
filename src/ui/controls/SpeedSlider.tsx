import { useId } from "react";
import {
  formatSpeed,
  MAX_SPEED,
  MIN_SPEED,
  positionFromSpeed,
  speedFromPosition,
} from "../../state/speed.ts";
import { useApp } from "../../state/useApp.ts";
import { ReachedSpeed } from "./ReachedSpeed.tsx";

/** Playback speed on a log scale, 0.1× … 100× real time; it never changes what is simulated. */
export function SpeedSlider() {
  const id = useId();
  const speed = useApp((state) => state.speed);
  const setSpeed = useApp((state) => state.setSpeed);
  return (
    <div className="speed">
      <label htmlFor={id}>Speed</label>
      <input
        id={id}
        type="range"
        min={positionFromSpeed(MIN_SPEED)}
        max={positionFromSpeed(MAX_SPEED)}
        step={0.05}
        value={positionFromSpeed(speed)}
        aria-valuetext={formatSpeed(speed)}
        onChange={(event) => setSpeed(speedFromPosition(Number(event.target.value)))}
      />
      <output htmlFor={id}>{formatSpeed(speed)}</output>
      <ReachedSpeed asked={speed} />
    </div>
  );
}
