import type { SimulationClient } from "./client.ts";
import { createListeners } from "./client.ts";
import type { WorkerReply } from "./protocol.ts";

/** Starts the simulation worker. Call once per page: each call is a new thread. */
export function createWorkerClient(): SimulationClient {
  // Written inline so Vite recognises and bundles the module worker.
  const worker = new Worker(new URL("./simulation.worker.ts", import.meta.url), { type: "module" });
  const replies = createListeners<WorkerReply>();
  worker.onmessage = (event: MessageEvent<WorkerReply>) => replies.emit(event.data);
  // A worker that fails to load or throws outside the host's guard must still reach the page.
  worker.onerror = (event) => {
    event.preventDefault();
    replies.emit({ type: "error", message: event.message || "the simulation worker failed" });
  };
  worker.onmessageerror = () =>
    replies.emit({ type: "error", message: "a message from the simulation could not be read" });
  return { send: (command) => worker.postMessage(command), onReply: replies.add };
}
