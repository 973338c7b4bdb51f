// Whether a step needs its scenario opened, and which frames to skip while it opens.

export interface StepRun {
  /** The step's scenario text, as the codec writes it. */
  query: string;
  needsOpen: boolean;
  /** Frames at or after this simulated time still come from the previous run (null: none do). */
  staleFromNs: number | null;
}

/** The run a step needs, given the scenario now running and the newest frame's time. */
export function planRun(runningQuery: string, nowNs: number | null, query: string): StepRun {
  if (runningQuery === query) return { query, needsOpen: false, staleFromNs: null };
  return { query, needsOpen: true, staleFromNs: nowNs !== null && nowNs > 0 ? nowNs : null };
}
