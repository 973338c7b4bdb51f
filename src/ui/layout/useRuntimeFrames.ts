import { useMemo } from "react";
import { useRuntime } from "../../state/runtime-context.ts";
import type { FrameSource } from "../panels/shared/frameSource.ts";

/** The runtime's shown frame as the panels' frame source: their canvases draw what the text says. */
export function useRuntimeFrames(): FrameSource {
  const { shown } = useRuntime();
  return useMemo(
    () => ({ get: () => shown.get()?.snapshot ?? null, subscribe: shown.subscribe }),
    [shown],
  );
}
