import type { Scenario, Simulation } from "../model/index.ts";
import type { SimulationClient } from "./client.ts";
import { createListeners } from "./client.ts";
import type { WorkerReply } from "./protocol.ts";
import { createSimulationHost } from "./simulation-host.ts";

/**
 * The same host as the worker, on the page's own thread (jsdom has no Worker). Replies arrive in a
 * microtask, as they would across a thread, so callers cannot come to rely on synchronous answers.
 */
export function createInProcessClient(
  createSimulation: (scenario: Scenario) => Simulation,
): SimulationClient {
  const replies = createListeners<WorkerReply>();
  const host = createSimulationHost({
    createSimulation,
    post: (reply) => queueMicrotask(() => replies.emit(reply)),
    wallNowMs: () => performance.now(),
  });
  return { send: (command) => host.handle(command), onReply: replies.add };
}
