/// <reference lib="webworker" />
import { createSimulation } from "../model/index.ts";
import type { WorkerCommand } from "./protocol.ts";
import { createSimulationHost } from "./simulation-host.ts";

declare const self: DedicatedWorkerGlobalScope;

// Callbacks for "as soon as the messages already queued are handled": a message to ourselves,
// since chained setTimeout(0) calls wait 4 ms each once nested a few deep.
const soon: Array<() => void> = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => soon.shift()?.();

const host = createSimulationHost({
  createSimulation,
  post: (reply, transfer) => self.postMessage(reply, transfer),
  wallNowMs: () => performance.now(),
  later: (callback, delayMs) => {
    if (delayMs > 0) {
      setTimeout(callback, delayMs);
      return;
    }
    soon.push(callback);
    channel.port2.postMessage(null);
  },
});

self.onmessage = (event: MessageEvent<WorkerCommand>) => host.handle(event.data);
