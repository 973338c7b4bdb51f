import type { PointJob, PointResult } from "../sweep/point.ts";
import type { CliIo } from "./run.ts";
import type { PointRunner } from "./sweep-pool.ts";

// A sweep's progress on stderr: how many runs are done, the wall time so far and an estimate of
// what is left, at most every 2 s (the first after 1 s), and one closing line with the total.

/**
 * Runs batches of points and says how far it got, at most every 2 s (the first after 1 s).
 * `totalRuns`: the runs asked for, or with `upTo` the most a search may ask for.
 */
export function batchRunner(runner: PointRunner, io: CliIo, totalRuns: number, upTo = false) {
  const startMs = io.wallNowMs();
  let nextMs = startMs + 1000;
  let done = 0;
  let shown = false;
  const run = (jobs: readonly PointJob[]): Promise<PointResult[]> =>
    runner(jobs, () => {
      done++;
      const nowMs = io.wallNowMs();
      if (nowMs < nextMs) return;
      nextMs = nowMs + 2000;
      const wallS = (nowMs - startMs) / 1000;
      const left =
        totalRuns > done
          ? `, ${upTo ? "at most " : ""}about ${((wallS * (totalRuns - done)) / done).toFixed(0)} s left`
          : "";
      const line = `sweep: ${done} of ${upTo ? `up to ${totalRuns}` : totalRuns} runs, ${wallS.toFixed(1)} s so far${left}`;
      shown = true;
      io.progress(io.interactive ? `\r${line}\x1b[K` : `${line}\n`);
    });
  const finish = (jobs: number) => {
    if (shown && io.interactive) io.progress("\n");
    const wallS = (io.wallNowMs() - startMs) / 1000;
    io.progress(
      `sweep: ${done} runs in ${wallS.toFixed(1)} s with ${jobs} job${jobs === 1 ? "" : "s"}\n`,
    );
  };
  return { run, finish };
}
