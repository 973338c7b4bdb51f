import { useCallback, useEffect, useRef, useState } from "react";
import { createSweepPool, SWEEP_CANCELLED, type SweepPool } from "../../worker/sweep-pool.ts";
import {
  emptyPoints,
  type PagePoint,
  runPageSweep,
  type SweepOutcome,
  type SweepProgress,
} from "./runPageSweep.ts";
import type { PageSweep } from "./sweepKey.ts";

// A page sweep's life: started on a fresh pool of Web Workers sized to the machine, its progress
// and points copied to React at most every 250 ms (each run's answer only touches a ref, so a
// sweep of 400 short runs does not render 400 times), cancelled by ending the pool.

const SHOW_EVERY_MS = 250;

export type SweepRunState =
  | { readonly status: "idle" }
  | {
      readonly status: "running" | "cancelled";
      readonly sweep: PageSweep;
      readonly progress: SweepProgress;
      readonly points: readonly PagePoint[];
      readonly wallS: number;
    }
  | {
      readonly status: "done";
      readonly sweep: PageSweep;
      readonly progress: SweepProgress;
      readonly outcome: SweepOutcome;
      readonly points: readonly PagePoint[];
      readonly wallS: number;
    }
  | { readonly status: "failed"; readonly sweep: PageSweep; readonly message: string };

export const poolSize = () => Math.max(1, navigator.hardwareConcurrency || 2);

export function useSweepRun() {
  const [state, setState] = useState<SweepRunState>({ status: "idle" });
  const pool = useRef<SweepPool | null>(null);
  const latest = useRef<{ progress: SweepProgress; points: readonly PagePoint[] } | null>(null);

  const stop = useCallback(() => {
    pool.current?.close();
    pool.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    (sweep: PageSweep) => {
      stop();
      // No more workers than runs at once: a grid's all, a search's first five (per seed).
      const search = sweep.plan.find !== null;
      const runs = (search ? 5 : emptyPoints(sweep).length) * sweep.seeds.length;
      const own = createSweepPool(Math.min(poolSize(), runs));
      pool.current = own;
      const startMs = performance.now();
      const wallS = () => (performance.now() - startMs) / 1000;
      const first = {
        progress: { done: 0, total: runs, upTo: search },
        points: emptyPoints(sweep),
      };
      latest.current = first;
      setState({ status: "running", sweep, ...first, wallS: 0 });
      const timer = setInterval(() => {
        const now = latest.current;
        if (now === null || pool.current !== own) return;
        setState({ status: "running", sweep, ...now, points: [...now.points], wallS: wallS() });
      }, SHOW_EVERY_MS);
      runPageSweep(sweep, own, (progress, points) => {
        latest.current = {
          progress,
          points: points.length > 0 ? points : (latest.current?.points ?? []),
        };
      })
        .then((outcome) => {
          const progress = latest.current?.progress ?? first.progress;
          setState({
            status: "done",
            sweep,
            progress,
            outcome,
            points: outcome.points,
            wallS: wallS(),
          });
        })
        .catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          const now = latest.current ?? first;
          if (message === SWEEP_CANCELLED) {
            setState({
              status: "cancelled",
              sweep,
              ...now,
              points: [...now.points],
              wallS: wallS(),
            });
          } else setState({ status: "failed", sweep, message });
        })
        .finally(() => {
          clearInterval(timer);
          if (pool.current === own) stop();
        });
    },
    [stop],
  );

  return { state, start, cancel: stop };
}
