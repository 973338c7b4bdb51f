import type { SimulationClient } from "../worker/client.ts";
import type { TrialReading } from "../worker/protocol.ts";

// Trial runs (worker/trials.ts) asked of the worker: each request carries an id, its answer comes
// later. A request whose signal aborts (a newer check or read took its place) is cancelled in the
// worker and rejected here; a crash of the simulation rejects every open one with its error.

interface OpenTrial {
  resolve: (readings: TrialReading[]) => void;
  reject: (error: Error) => void;
  /** Stops listening to the request's signal. */
  done: () => void;
}

export function createTrialRequests(client: SimulationClient) {
  let nextId = 1;
  const open = new Map<number, OpenTrial>();
  /** Takes the open request `requestId` off the books, when it is still open. */
  const close = (requestId: number): OpenTrial | undefined => {
    const trial = open.get(requestId);
    open.delete(requestId);
    trial?.done();
    return trial;
  };
  return {
    /** A run of `query` from 0 s, read at each of `atS` (simulated seconds, ascending). */
    run(query: string, atS: readonly number[], signal?: AbortSignal): Promise<TrialReading[]> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const requestId = nextId++;
      return new Promise((resolve, reject) => {
        const cancel = () => {
          close(requestId);
          client.send({ type: "cancelTrial", requestId });
          reject(signal?.reason);
        };
        signal?.addEventListener("abort", cancel, { once: true });
        open.set(requestId, {
          resolve,
          reject,
          done: () => signal?.removeEventListener("abort", cancel),
        });
        client.send({ type: "trial", requestId, query, atS });
      });
    },
    resolve(requestId: number, readings: TrialReading[]) {
      close(requestId)?.resolve(readings);
    },
    reject(requestId: number, message: string) {
      close(requestId)?.reject(new Error(message));
    },
    rejectAll(message: string) {
      for (const requestId of [...open.keys()]) close(requestId)?.reject(new Error(message));
    },
  };
}
