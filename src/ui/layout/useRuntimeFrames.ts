import { useMemo } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import type { FrameSource } from "../panels/shared/frameSource.ts";

/** The runtime's live snapshot as the panels' frame source: their canvases draw it every frame. */
export function useRuntimeFrames(): FrameSource {
  const { live } = useRuntime();
  return useMemo(
    () => ({ get: () => live.get()?.snapshot ?? null, subscribe: live.subscribe }),
    [live],
  );
}
