/// <reference lib="webworker" />
import { createSimulation } from "../model/index.ts";
import type { WorkerCommand } from "./protocol.ts";
import { createSimulationHost } from "./simulation-host.ts";

declare const self: DedicatedWorkerGlobalScope;

const host = createSimulationHost({
  createSimulation,
  post: (reply, transfer) => self.postMessage(reply, transfer),
  wallNowMs: () => performance.now(),
});

self.onmessage = (event: MessageEvent<WorkerCommand>) => host.handle(event.data);
