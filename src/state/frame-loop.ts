import type { SnapshotView } from "../model/index.ts";
import type { SimulationClient } from "../worker/client.ts";

// The page pulls snapshots: it asks for the next one only once the previous one arrived and a new
// animation frame began, so a busy worker can never queue up frames the page cannot draw.

export type ScheduleFrame = (callback: () => void) => () => void;

export const animationFrames: ScheduleFrame = (callback) => {
  const id = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(id);
};

/** Starts pulling; returns a function that stops. */
export function startFrameLoop(
  client: SimulationClient,
  /** Read at each request, so the page's selection reaches the worker with the next frame. */
  view: () => SnapshotView,
  scheduleFrame: ScheduleFrame,
): () => void {
  let awaiting = false;
  let sentTraceOf: number | undefined;
  let cancelFrame = () => {};
  const stopListening = client.onReply((reply) => {
    // An error ends the pending request too: the next run must be able to answer.
    if (reply.type === "snapshot" || reply.type === "error") awaiting = false;
  });
  const tick = () => {
    const next = view();
    // A paused run answers only when something changed: a new selection must not wait behind
    // the request it holds. The worker keeps the newest view and answers once.
    if (!awaiting || next.traceOf !== sentTraceOf) {
      awaiting = true;
      sentTraceOf = next.traceOf;
      client.send({ type: "frame", view: next });
    }
    cancelFrame = scheduleFrame(tick);
  };
  tick();
  return () => {
    cancelFrame();
    stopListening();
  };
}
