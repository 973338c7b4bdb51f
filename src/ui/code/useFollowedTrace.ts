import { useRef } from "react";
import type { RequestTraceView } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";

/**
 * The trace of the selected request from the newest store snapshot. A snapshot taken before the
 * selection reached the worker carries no trace for it: the last one seen is kept meanwhile.
 */
export function useFollowedTrace(selectedId: number | null): RequestTraceView | null {
  const trace = useApp((state) => state.snapshot?.trace);
  const kept = useRef<RequestTraceView | null>(null);
  if (selectedId === null) kept.current = null;
  else if (trace?.id === selectedId) kept.current = trace;
  else if (kept.current?.id !== selectedId) kept.current = null;
  return kept.current;
}
