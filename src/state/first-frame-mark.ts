import type { ScheduleFrame } from "./frame-loop.ts";
import type { LiveSnapshot } from "./live-snapshot.ts";

/**
 * Sets `performance.mark("first-frame")` at the first animation frame after the first snapshot
 * arrived: by then React has drawn it, so the mark is when the page first shows the run (the
 * browser benchmark reads it).
 */
export function markFirstFrame(live: LiveSnapshot, scheduleFrame: ScheduleFrame): void {
  const stop = live.subscribe(() => {
    stop();
    scheduleFrame(() => performance.mark("first-frame"));
  });
}
