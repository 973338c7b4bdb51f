import type { SimulationClient } from "../worker/client.ts";

// Asking the worker for the Prometheus text is a request with an answer, unlike the rest of the
// protocol: each one carries an id, and a crash answers every open one with its error.

export function createPrometheusRequests(client: SimulationClient) {
  let nextId = 1;
  const open = new Map<
    number,
    { resolve: (text: string) => void; reject: (error: Error) => void }
  >();
  return {
    /** Run A's text, or with `twin`, twin run B's. */
    request(twin = false): Promise<string> {
      const requestId = nextId++;
      return new Promise<string>((resolve, reject) => {
        open.set(requestId, { resolve, reject });
        client.send(
          twin ? { type: "prometheus", requestId, twin } : { type: "prometheus", requestId },
        );
      });
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
