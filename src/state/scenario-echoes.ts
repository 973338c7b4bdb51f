import type { SimulationClient } from "../worker/client.ts";
import type { WorkerCommand } from "../worker/protocol.ts";

// The worker answers every load, live move and fault with its scenario, in order. While a newer
// command is still unanswered, an answer is already out of date: applying it would undo the newer
// move for a moment (the lag slider's thumb jumped back, and the next key press repeated a move
// instead of making the next one). The page keeps only the answer to its latest command.

const ANSWERED_WITH_SCENARIO: ReadonlySet<WorkerCommand["type"]> = new Set([
  "load",
  "set",
  "fault",
]);

export interface ScenarioEchoes {
  /** The client the page sends through: it counts the commands still to be answered. */
  readonly client: SimulationClient;
  /** One answer came: true when it answers the latest command, so it is the page's to apply. */
  answered(): boolean;
  /** The worker crashed: answers still owed will not come. */
  forget(): void;
}

export function countScenarioEchoes(client: SimulationClient): ScenarioEchoes {
  let owed = 0;
  return {
    client: {
      ...client,
      send(command) {
        if (ANSWERED_WITH_SCENARIO.has(command.type)) owed += 1;
        client.send(command);
      },
    },
    answered() {
      owed = Math.max(0, owed - 1);
      return owed === 0;
    },
    forget() {
      owed = 0;
    },
  };
}
