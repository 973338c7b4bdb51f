// When the page's next frame request is due, from the spacing of its last ones. The worker's work
// between frames (a playing run catching up with the wall clock, the seek checkpoints' builder)
// must end before it: a request that waits behind it is a frame the page draws late or not at all.

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
  /** The wall time by which the worker should be free for the next request. */
  nextDueMs(): number;
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
    nextDueMs() {
      if (lastMs === null) return Number.NEGATIVE_INFINITY;
      const intervalMs = intervals.length === 0 ? DEFAULT_INTERVAL_MS : Math.min(...intervals);
      return lastMs + intervalMs - MARGIN_MS;
    },
  };
}
