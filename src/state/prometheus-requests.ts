import type { SimulationClient } from "../worker/client.ts";
import type { WorkerCommand } from "../worker/protocol.ts";

// Asking the worker for the Prometheus text is a request with an answer, unlike the rest of the
// protocol: each one carries an id, and a crash answers every open one with its error.

export function createPrometheusRequests(client: SimulationClient) {
  let nextId = 1;
  const open = new Map<
    number,
    { resolve: (text: string) => void; reject: (error: Error) => void }
  >();
  const ask = (command: (requestId: number) => WorkerCommand): Promise<string> => {
    const requestId = nextId++;
    return new Promise<string>((resolve, reject) => {
      open.set(requestId, { resolve, reject });
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
    /** The run so far as OpenMetrics (worker/openmetrics-export.ts). */
    openMetrics(startS: number, stepS: number): Promise<string> {
      return ask((requestId) => ({ type: "openmetrics", requestId, startS, stepS }));
    },
    resolve(requestId: number, text: string) {
      open.get(requestId)?.resolve(text);
      open.delete(requestId);
    },
    rejectAll(message: string) {
      for (const { reject } of open.values()) reject(new Error(message));
      open.clear();
    },
  };
}
