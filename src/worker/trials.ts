import type { Scenario, Simulation } from "../model/index.ts";
import type { WorkerCommand, WorkerReply } from "./protocol.ts";
import { createTrialRun, momentsProblem, type TrialRun } from "./trial-run.ts";

// The trial runs the page asked for, one at a time in the order asked, each in short turns: a turn
// queues behind whatever the page sent meanwhile, so the live run's frames wait one turn at most.
// A trial that throws is answered with its error; the live run is not touched.

/** Wall time of one turn of a trial run. */
const TRIAL_TURN_MS = 5;

export interface TrialsDeps {
  createSimulation: (scenario: Scenario) => Simulation;
  post: (reply: WorkerReply) => void;
  wallNowMs: () => number;
  /** Calls back once the messages already queued are handled. */
  soon: (callback: () => void) => void;
}

type TrialCommand = Extract<WorkerCommand, { type: "trial" }>;

export function createTrials(deps: TrialsDeps) {
  const queue: { requestId: number; run: TrialRun }[] = [];
  let turnQueued = false;

  const queueTurn = () => {
    if (turnQueued || queue.length === 0) return;
    turnQueued = true;
    deps.soon(turn);
  };

  function turn() {
    turnQueued = false;
    const trial = queue[0];
    if (trial === undefined) return;
    const { requestId, run } = trial;
    try {
      const readings = run.advance(deps.wallNowMs() + TRIAL_TURN_MS, deps.wallNowMs);
      if (readings !== null) {
        queue.shift();
        deps.post({ type: "trial", requestId, readings });
      }
    } catch (error) {
      queue.shift();
      const message = error instanceof Error ? error.message : String(error);
      deps.post({ type: "trialError", requestId, message });
    }
    queueTurn();
  }

  return {
    start(command: TrialCommand): void {
      const problem = momentsProblem(command.atS);
      if (problem !== null) {
        deps.post({ type: "trialError", requestId: command.requestId, message: problem });
        return;
      }
      const run = createTrialRun(deps.createSimulation, command.query, command.atS);
      queue.push({ requestId: command.requestId, run });
      queueTurn();
    },
    /** The page no longer wants the answer (a newer check or read took its place). */
    cancel(requestId: number): void {
      const at = queue.findIndex((trial) => trial.requestId === requestId);
      if (at >= 0) queue.splice(at, 1);
    },
  };
}
