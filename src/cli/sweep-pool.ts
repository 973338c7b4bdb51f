import type { Worker } from "node:worker_threads";
import { type PointJob, type PointResult, runPoint } from "../sweep/point.ts";

// The points of a sweep, run `jobs` at a time: one worker thread each, each taking the next point
// when it finishes one. Results are kept by the point's index, so the output's order does not
// depend on which thread finished first. With one job the points run on the main thread.

/** What the main thread runs a batch of points with (the tests run it in-process). */
export type PointRunner = (jobs: readonly PointJob[], onDone: () => void) => Promise<PointResult[]>;

/** The flag the worker threads are started with, so the command line's bundle serves points. */
export const POINT_WORKER = "watch-cache-lab-sweep-point";

// A bundle in one function imports nothing (scripts/bundle-cli.mjs): Node's modules are asked for.
const workerThreads = () => process.getBuiltinModule("node:worker_threads");

type Reply = { index: number; result: PointResult } | { index: number; error: string };

export const inProcessRunner: PointRunner = async (jobs, onDone) =>
  jobs.map((job) => {
    const result = runPoint(job);
    onDone();
    return result;
  });

/** A runner over `threads` workers of `script` (the bundle itself), started once, ended by close. */
export function workerRunner(script: string, count: number): PointRunner & { close(): void } {
  const workers = Array.from(
    { length: count },
    () => new (workerThreads().Worker)(script, { workerData: POINT_WORKER }),
  );
  const run: PointRunner = (jobs, onDone) =>
    new Promise((resolve, reject) => {
      const results: PointResult[] = new Array(jobs.length);
      let next = 0;
      let finished = 0;
      const give = (worker: Worker) => {
        if (next >= jobs.length) return;
        worker.postMessage({ index: next, job: jobs[next] });
        next++;
      };
      const listeners = workers.map((worker) => {
        const onMessage = (reply: Reply) => {
          if ("error" in reply) {
            reject(new Error(reply.error));
            return;
          }
          results[reply.index] = reply.result;
          finished++;
          onDone();
          if (finished === jobs.length) {
            for (const [w, listener] of listeners) w.off("message", listener);
            resolve(results);
          } else give(worker);
        };
        worker.on("message", onMessage);
        worker.once("error", reject);
        return [worker, onMessage] as const;
      });
      if (jobs.length === 0) resolve([]);
      for (const worker of workers) give(worker);
    });
  return Object.assign(run, {
    close() {
      for (const worker of workers) void worker.terminate();
    },
  });
}

/** A worker thread's loop: run each point it is sent and send back its figures (or its error). */
export function servePoints(): void {
  const port = workerThreads().parentPort;
  if (port === null) throw new Error("servePoints runs in a worker thread");
  port.on("message", ({ index, job }: { index: number; job: PointJob }) => {
    try {
      port.postMessage({ index, result: runPoint(job) } satisfies Reply);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ index, error: message } satisfies Reply);
    }
  });
}
