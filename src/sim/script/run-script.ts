import { createSimulation, type Simulation } from "../simulation.ts";
import { NS_PER_MS } from "../time.ts";
import type { Script } from "./format.ts";
import { RequestLog, type RequestRecord } from "./request-log.ts";
import { arrivalsOfScript, idsByKind } from "./script-arrivals.ts";
import { ScriptClients } from "./script-clients.ts";
import { scenarioOfScript } from "./script-scenario.ts";

// Runs a script in the model (docs/oracle-script.md): the script's world as a scenario, its
// timeline and requests replayed through the open loop, every answer written down.

export const OUTCOME_FORMAT = "wcl-oracle-outcome/1";

// The harness makes the real cacher at its virtual 0 and lets it initialise for 100 ms before the
// script's t=0 (docs/oracle-harness.md "How a script runs"): the cacher's periodic timers run
// from then.
const CACHER_HEAD_START_NS = 100 * NS_PER_MS;

export interface ScriptOutcome {
  readonly format: typeof OUTCOME_FORMAT;
  readonly script: string;
  readonly side: string;
  readonly requests: readonly RequestRecord[];
  /** The run's Prometheus exposition at the script's end. */
  readonly metrics: string;
}

export interface ScriptRun {
  readonly outcome: ScriptOutcome;
  /** The run's trace hash: equal to the scenario run the script was exported from. */
  readonly traceHash: string;
}

/**
 * Runs `script`. `cacherHeadStartNs` is how long before t=0 the cacher was made: the harness's
 * 100 ms by default, 0 to replay a scenario exactly (its cacher is made at t=0).
 */
export function runScript(script: Script, cacherHeadStartNs = CACHER_HEAD_START_NS): ScriptRun {
  let sim: Simulation | null = null;
  const scheduler = () => {
    if (sim === null) throw new Error("script: a request before the run was built");
    return sim.world.scheduler;
  };
  const log = new RequestLog(scheduler, idsByKind(script));
  let clients: ScriptClients | null = null;
  sim = createSimulation(scenarioOfScript(script), {
    countRv0AtOnce: false,
    replay: arrivalsOfScript(script),
    tapStorage: log.tapStorage,
    tapApi: log.tapApi,
    settled: log.settled,
    watchersTerminated: () => clients?.terminated(),
    cacherCreatedAtNs: -cacherHeadStartNs,
  });
  clients = new ScriptClients(sim.world, log, script);
  sim.advanceTo(script.world.durationNs);
  const outcome: ScriptOutcome = {
    format: OUTCOME_FORMAT,
    script: script.name,
    side: "model",
    requests: log.records,
    metrics: sim.prometheusText(),
  };
  return { outcome, traceHash: sim.traceHash() };
}
