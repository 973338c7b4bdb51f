import { runOpenMetrics } from "../metrics-export/run-export.ts";
import { createSimulation, NS_PER_S } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";

// The page's OpenMetrics export: the run on screen (both runs of a twin) replayed from 0 s to the
// moment shown, scraped every step by the same code as `npm run sim -- --format openmetrics`, so
// the file is the one the command line prints for that scenario and duration. A replay, not the
// live run: the scenario records every live change, so the replay is the same run.

export function runOpenMetricsSoFar(
  run: HostedRun,
  timing: { startS: number; stepS: number },
): string {
  const runs =
    run.twin === null
      ? [{ scenario: run.scenario }]
      : [
          { scenario: run.main.scenario, run: "A" },
          { scenario: run.twin.scenario, run: "B" },
        ];
  const fresh = runs.map((one) => ({ ...one, sim: createSimulation(one.scenario) }));
  return runOpenMetrics(fresh, run.nowNs / NS_PER_S, timing);
}
