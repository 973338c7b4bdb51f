import type { ScheduleFrame } from "./frame-loop.ts";
import type { LiveSnapshot } from "./live-snapshot.ts";

/**
 * Sets `performance.mark("first-frame")` at the first animation frame, after the first snapshot
 * arrived, in which the page shows it (`isDrawn`): the moment a reader first sees the run. The
 * browser benchmark reads it.
 */
export function markFirstFrame(
  live: LiveSnapshot,
  scheduleFrame: ScheduleFrame,
  isDrawn: () => boolean,
): void {
  const check = () => {
    if (isDrawn()) performance.mark("first-frame");
    else scheduleFrame(check);
  };
  const stop = live.subscribe(() => {
    stop();
    scheduleFrame(check);
  });
}
