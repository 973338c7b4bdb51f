import { useEffect, useState } from "react";
import type { Challenge } from "../../content/challenges/challenge.ts";
import { type Judging, judge, NOT_JUDGED, type Verdict } from "../../content/challenges/judge.ts";
import { encodeScenario, toSeconds } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { progressStore } from "./progress-store.ts";

/**
 * The challenge's verdict on the live run, judged on every frame against the scenario the store
 * holds (frames of a run the store has since replaced are skipped); the component re-renders only
 * when the verdict changes. A solve is saved at once.
 */
export function useVerdict(challenge: Challenge): Verdict {
  const { live, store } = useRuntime();
  const [verdict, setVerdict] = useState<Verdict>(NOT_JUDGED.verdict);
  useEffect(() => {
    let judging: Judging = NOT_JUDGED;
    let judgedRun: number | null = null;
    setVerdict(judging.verdict);
    const check = () => {
      const frame = live.get();
      const { scenario, staleRunsUpTo } = store.getState();
      // A frame of the run before the newest load would be judged against the wrong scenario.
      if (frame === null || (frame.run ?? 0) <= staleRunsUpTo) return;
      const { snapshot } = frame;
      // A new run is judged from scratch, even when its first frame is later than the last one.
      const run = frame.run ?? 0;
      const before = judgedRun === run ? judging : NOT_JUDGED;
      judgedRun = run;
      const next = judge(challenge, scenario, snapshot, before);
      if (next.verdict !== judging.verdict) {
        setVerdict(next.verdict);
        if (next.verdict.kind === "solved") {
          const atS = Math.round(toSeconds(next.verdict.atNs) * 10) / 10;
          progressStore.getState().solve(challenge.id, { atS, query: encodeScenario(scenario) });
        }
      }
      judging = next;
    };
    check();
    const unsubscribeLive = live.subscribe(check);
    // A live change or a locked key set from the address is judged at once, even while paused.
    const unsubscribeStore = store.subscribe((state, previous) => {
      if (state.scenario !== previous.scenario) check();
    });
    return () => {
      unsubscribeLive();
      unsubscribeStore();
    };
  }, [live, store, challenge]);
  return verdict;
}
