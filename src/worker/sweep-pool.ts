import type { PointJob, PointResult } from "../sweep/point.ts";
import type { WorkerCommand, WorkerReply } from "./protocol.ts";

// The Sweep dialog's pool: `size` workers of the simulation's own worker script (the one model the
// page ships), each given the next point when it answers the last. Results are placed by the
// point's index, so what the page draws does not depend on which worker finished first. Closing
// the pool ends its workers at once: a point half run is dropped, and a batch under way rejects.

/** The messages a pool worker takes and gives: a Worker, or a stand-in in tests. */
export interface PointWorker {
  postMessage(command: WorkerCommand): void;
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface SweepPool {
  /** Runs the points; `onDone` hears each as it finishes, by its index in `jobs`. */
  run(
    jobs: readonly PointJob[],
    onDone: (index: number, result: PointResult) => void,
  ): Promise<PointResult[]>;
  /** Ends the workers; a batch under way rejects with `SWEEP_CANCELLED`. */
  close(): void;
}

export const SWEEP_CANCELLED = "the sweep was cancelled";

/** A worker of the simulation's script, as worker-client.ts starts the live run's. */
const simulationWorker = (): PointWorker =>
  new Worker(new URL("./simulation.worker.ts", import.meta.url), { type: "module" });

export function createSweepPool(
  size: number,
  spawn: () => PointWorker = simulationWorker,
): SweepPool {
  const workers: PointWorker[] = [];
  let closed = false;
  let abort: ((reason: Error) => void) | null = null;

  const ensureWorkers = (count: number) => {
    while (workers.length < Math.min(size, count)) workers.push(spawn());
  };

  return {
    run(jobs, onDone) {
      if (closed) return Promise.reject(new Error(SWEEP_CANCELLED));
      ensureWorkers(jobs.length);
      return new Promise((resolve, reject) => {
        const results: PointResult[] = new Array(jobs.length);
        let next = 0;
        let finished = 0;
        const fail = (error: Error) => {
          abort = null;
          for (const worker of workers) worker.onmessage = null;
          reject(error);
        };
        abort = fail;
        const give = (worker: PointWorker) => {
          if (next >= jobs.length) return;
          const job = jobs[next] as PointJob;
          worker.postMessage({ type: "sweepPoint", requestId: next, job });
          next++;
        };
        for (const worker of workers) {
          worker.onmessage = ({ data: reply }) => {
            if (reply.type === "sweepPointError") {
              fail(new Error(reply.message));
              return;
            }
            if (reply.type !== "sweepPoint") return;
            results[reply.requestId] = reply.result;
            finished++;
            onDone(reply.requestId, reply.result);
            if (finished === jobs.length) {
              abort = null;
              resolve(results);
            } else give(worker);
          };
          worker.onerror = (event) => {
            event.preventDefault();
            fail(new Error(event.message || "a sweep worker failed"));
          };
        }
        if (jobs.length === 0) resolve([]);
        for (const worker of workers) give(worker);
      });
    },
    close() {
      closed = true;
      for (const worker of workers) worker.terminate();
      workers.length = 0;
      abort?.(new Error(SWEEP_CANCELLED));
    },
  };
}
