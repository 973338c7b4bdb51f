import type { SimulationClient } from "../worker/client.ts";
import type { WindowScrapes, WorkerCommand } from "../worker/protocol.ts";

// Asking the worker for the Prometheus text (or a window's scrapes) is a request with an answer,
// unlike the rest of the protocol: each one carries an id, and a crash answers every open one
// with its error.

export function createPrometheusRequests(client: SimulationClient) {
  let nextId = 1;
  const open = new Map<
    number,
    { resolve: (answer: unknown) => void; reject: (error: Error) => void }
  >();
  const ask = <T>(command: (requestId: number) => WorkerCommand): Promise<T> => {
    const requestId = nextId++;
    return new Promise<T>((resolve, reject) => {
      open.set(requestId, { resolve: (answer) => resolve(answer as T), reject });
      client.send(command(requestId));
    });
  };
  return {
    /** Run A's text, or with `twin`, twin run B's. */
    request(twin = false): Promise<string> {
      return ask((requestId) =>
        twin ? { type: "prometheus", requestId, twin } : { type: "prometheus", requestId },
      );
    },
    /** Both runs of a twin labelled run="A"|"B" (run A alone without a twin). */
    both(): Promise<string> {
      return ask((requestId) => ({ type: "prometheus", requestId, both: true }));
    },
    /** The run so far as OpenMetrics (worker/openmetrics-export.ts). */
    openMetrics(endS: number, stepS: number): Promise<string> {
      return ask((requestId) => ({ type: "openmetrics", requestId, endS, stepS }));
    },
    /** The last `windowS` of scrapes every `stepS` (worker/window-scrapes.ts). */
    window(stepS: number, windowS: number): Promise<WindowScrapes> {
      return ask((requestId) => ({ type: "window", requestId, stepS, windowS }));
    },
    resolve(requestId: number, answer: string | WindowScrapes) {
      open.get(requestId)?.resolve(answer);
      open.delete(requestId);
    },
    rejectAll(message: string) {
      for (const { reject } of open.values()) reject(new Error(message));
      open.clear();
    },
  };
}
