import type { SnapshotView } from "../model/index.ts";

// How much detail a snapshot carries: sized for a screen (a panel a few hundred pixels wide),
// never for the workload, so a heavy scenario costs the page no more than a light one.
export const SCREEN_VIEW: SnapshotView = {
  ringSegments: 64,
  // The waiting room lists the oldest 10; more would only be cloned across the thread every frame.
  maxWaiters: 32,
  maxOutcomes: 40,
  seriesPoints: 240,
};

/** The screen's view, asking for the selected request's trace when one is selected. */
export function screenView(traceOf: number | null): SnapshotView {
  return traceOf === null ? SCREEN_VIEW : { ...SCREEN_VIEW, traceOf };
}
