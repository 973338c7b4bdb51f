import { MAX_WALL_STEP_MS } from "./pacing.ts";

// When the page's next frame request is due, from the spacing of its last ones. The worker's idle
// work (the seek checkpoints' builder) must end before it while a run plays: a request that waits
// behind it is a frame the page draws late or not at all. A page that stopped asking (a hidden
// tab) leaves the worker idle.

/** Requests whose spacing is remembered: the shortest is the page's frame rate (skipped frames
 * only make longer ones). */
const REMEMBERED = 8;
/** The spacing assumed before two requests were seen: a 60 Hz display. */
const DEFAULT_INTERVAL_MS = 1000 / 60;
/** Time left before the request is due, for the message to arrive and be read. */
const MARGIN_MS = 2;

export interface FrameCadence {
  /** The page asked for a frame at `nowMs`. */
  request(nowMs: number): void;
  /**
   * The wall time by which the worker should be free for the next request (past while the page
   * is late); infinite once the page has stopped asking: more wall time passed since the last
   * request than a frame may count (`MAX_WALL_STEP_MS`). A page only held up a few frames is
   * late, not gone: taking that for idle time let the builder start a replay whose first step
   * cannot be cut (a large cluster's run takes a second to build) while the live run stood still.
   */
  nextDueMs(nowMs: number): number;
}

export function createFrameCadence(): FrameCadence {
  let lastMs: number | null = null;
  const intervals: number[] = [];
  return {
    request(nowMs) {
      if (lastMs !== null) {
        intervals.push(nowMs - lastMs);
        if (intervals.length > REMEMBERED) intervals.shift();
      }
      lastMs = nowMs;
    },
    nextDueMs(nowMs) {
      if (lastMs === null) return Number.NEGATIVE_INFINITY;
      if (nowMs - lastMs > MAX_WALL_STEP_MS) return Number.POSITIVE_INFINITY;
      const intervalMs = intervals.length === 0 ? DEFAULT_INTERVAL_MS : Math.min(...intervals);
      return lastMs + intervalMs - MARGIN_MS;
    },
  };
}
