import { runOpenMetrics, startForEnd } from "../metrics-export/run-export.ts";
import { createSimulation, NS_PER_S, type Scenario } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";

// The page's OpenMetrics export: the run on screen (both runs of a twin) replayed from 0 s to the
// moment shown, scraped every step by the same code as `npm run sim -- --format openmetrics`, so
// the file is the one the command line prints for that scenario and duration. A replay, not the
// live run: the scenario records every live change, so the replay is the same run.

/** The runs an export of `run` replays: it alone, or a twin's A and B, labelled. */
export const exportedRuns = (run: HostedRun): { scenario: Scenario; run?: string }[] =>
  run.twin === null
    ? [{ scenario: run.scenario }]
    : [
        { scenario: run.main.scenario, run: "A" },
        { scenario: run.twin.scenario, run: "B" },
      ];

export function runOpenMetricsSoFar(
  run: HostedRun,
  timing: { endS: number; stepS: number },
): string {
  const fresh = exportedRuns(run).map((one) => ({ ...one, sim: createSimulation(one.scenario) }));
  const durationS = run.nowNs / NS_PER_S;
  const startS = startForEnd(timing.endS, durationS, timing.stepS);
  return runOpenMetrics(fresh, durationS, { startS, stepS: timing.stepS });
}
