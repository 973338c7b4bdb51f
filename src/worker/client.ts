import type { WorkerCommand, WorkerReply } from "./protocol.ts";

// What the page holds of the simulation: a way to send commands and to hear replies. The real one
// talks to a Web Worker; tests (jsdom has no Worker) use an in-process one.

export interface SimulationClient {
  send(command: WorkerCommand): void;
  /** Returns a function that stops listening. */
  onReply(listener: (reply: WorkerReply) => void): () => void;
}

export function createListeners<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    add(listener: (value: T) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(value: T) {
      for (const listener of listeners) listener(value);
    },
  };
}
