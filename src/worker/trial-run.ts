import type { Scenario, Simulation, SnapshotView } from "../model/index.ts";
import { NS_PER_MS, NS_PER_S, parseScenario } from "../model/index.ts";
import type { TrialReading } from "./protocol.ts";

// A run of the model apart from the live one, for an answer that depends on other runs than the one
// on screen: a challenge's check (content/challenges/list/smallest-lag.ts) or a scrape's fit
// (scrape/fit-wall.ts). It runs from 0 s and is read at each moment asked: the Prometheus text and
// a snapshot of the counts. It advances in slices, so the worker can run it in short turns between
// the live run's frames.

/** A snapshot of the counts only: no waiters, outcomes or series worth sending. */
const COUNTS_ONLY: SnapshotView = {
  ringSegments: 1,
  maxWaiters: 0,
  maxOutcomes: 0,
  seriesPoints: 2,
};

/** Simulated time advanced between looks at the wall clock. */
const SLICE_NS = 250 * NS_PER_MS;

/** What is wrong with the moments asked (they cross the worker's boundary unchecked), or null. */
export function momentsProblem(atS: unknown): string | null {
  const fine =
    Array.isArray(atS) &&
    atS.length > 0 &&
    atS.every((s, i) => typeof s === "number" && s >= 0 && s >= (atS[i - 1] ?? 0) && s < Infinity);
  return fine
    ? null
    : `a trial's moments must be one or more simulated seconds from 0, ascending; got ${JSON.stringify(atS)}`;
}

export interface TrialRun {
  /**
   * Advances until every moment is read, or `deadlineMs` on the wall clock passed (one slice at
   * least, so every turn moves on); the readings when done, null while moments remain.
   */
  advance(deadlineMs: number, wallNowMs: () => number): TrialReading[] | null;
}

export function createTrialRun(
  createSimulation: (scenario: Scenario) => Simulation,
  query: string,
  atS: readonly number[],
): TrialRun {
  let sim: Simulation | null = null;
  const readings: TrialReading[] = [];
  return {
    advance(deadlineMs, wallNowMs) {
      sim ??= createSimulation(parseScenario(query).scenario);
      for (let at = atS[readings.length]; at !== undefined; at = atS[readings.length]) {
        const targetNs = Math.round(at * NS_PER_S);
        while (sim.nowNs < targetNs) {
          sim.advanceTo(Math.min(sim.nowNs + SLICE_NS, targetNs));
          if (sim.nowNs < targetNs && wallNowMs() >= deadlineMs) return null;
        }
        readings.push({ atS: at, text: sim.prometheusText(), snapshot: sim.snapshot(COUNTS_ONLY) });
      }
      return readings;
    },
  };
}

/** A trial run in one go, for the command line and the tests (which have no live run to spare). */
export function runTrial(
  createSimulation: (scenario: Scenario) => Simulation,
  query: string,
  atS: readonly number[],
): TrialReading[] {
  const problem = momentsProblem(atS);
  if (problem !== null) throw new Error(problem);
  return createTrialRun(createSimulation, query, atS).advance(Infinity, () => 0) ?? [];
}
