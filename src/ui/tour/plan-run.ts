// Whether a step needs its scenario opened, and which frames to skip while it opens.

export interface StepRun {
  /** The step's scenario text, as the codec writes it. */
  query: string;
  needsOpen: boolean;
  /** Frames of this run (the one playing when the step asked for its own) are stale; null: none. */
  staleRun: number | null;
}

/**
 * The run a step needs, given the scenario now running and the newest frame's run number. Stale
 * frames are told apart by run number, not by time: at high speed the new run's first frame can
 * already be later in simulated time than the old run's last.
 */
export function planRun(runningQuery: string, frameRun: number | null, query: string): StepRun {
  if (runningQuery === query) return { query, needsOpen: false, staleRun: null };
  return { query, needsOpen: true, staleRun: frameRun };
}
