import { useEffect, useRef } from "react";
import { useRuntime } from "../../state/runtime-context.ts";

/**
 * Pauses the run at a moment once it has been seen, once per `occasion` (a tour step, a question):
 * a seek there, since the run has played on by a frame or more, so the panels show that moment.
 */
export function usePauseAt(atNs: number | undefined, occasion: unknown): void {
  const { store, travel } = useRuntime();
  const pausedFor = useRef<unknown>(null);
  useEffect(() => {
    if (atNs === undefined || pausedFor.current === occasion) return;
    pausedFor.current = occasion;
    store.getState().pause();
    travel.getState().seek(atNs);
  }, [store, travel, atNs, occasion]);
}
