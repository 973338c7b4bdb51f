import { useEffect, useState } from "react";
import type { Challenge, Confirmation, TrialRun } from "../../content/challenges/challenge.ts";
import {
  type Judging,
  judge,
  NOT_JUDGED,
  settle,
  type Verdict,
} from "../../content/challenges/judge.ts";
import type { Scenario } from "../../model/index.ts";
import { encodeScenario, toSeconds } from "../../model/index.ts";
import type { AppRuntime } from "../../state/runtime.ts";
import { useRuntime } from "../../state/runtime-context.ts";

/** Trial runs in the worker, each read at one moment for its counts; `signal` cancels them. */
const trialRunOf =
  (runtime: AppRuntime, signal: AbortSignal): TrialRun =>
  async (scenario, seconds) => {
    const [reading] = await runtime.trial(encodeScenario(scenario), [seconds], signal);
    if (reading === undefined) throw new Error("the trial run answered without a reading");
    return reading.snapshot;
  };

/**
 * The challenge's verdict on the live run, judged on every frame against the scenario the store
 * holds (frames of a run the store has since replaced are skipped); the component re-renders only
 * when the verdict changes. A check the model must confirm runs in the worker meanwhile ("checking"):
 * its answer counts only while that check is still the verdict. A solve is saved at once.
 */
export function useVerdict(challenge: Challenge): Verdict {
  const runtime = useRuntime();
  const [verdict, setVerdict] = useState<Verdict>(NOT_JUDGED.verdict);
  useEffect(() => {
    const { live, store } = runtime;
    let judging: Judging = NOT_JUDGED;
    let judgedRun: number | null = null;
    /** The check under way: aborted when its verdict is replaced or the card goes. */
    let confirming: AbortController | null = null;
    setVerdict(judging.verdict);

    const adopt = (next: Judging, scenario: Scenario) => {
      if (next.verdict === judging.verdict) {
        judging = next;
        return;
      }
      confirming?.abort();
      confirming = null;
      judging = next;
      setVerdict(next.verdict);
      if (next.verdict.kind === "solved") {
        const atS = Math.round(toSeconds(next.verdict.atNs) * 10) / 10;
        runtime.progress.getState().solve(challenge.id, { atS, query: encodeScenario(scenario) });
      }
      if (next.verdict.kind === "checking") confirm(next.verdict, scenario);
    };

    const confirm = (checking: Verdict, scenario: Scenario) => {
      const controller = new AbortController();
      confirming = controller;
      const answered = (answer: Confirmation | Error) => {
        if (!controller.signal.aborted) adopt(settle(judging, checking, answer), scenario);
      };
      challenge.check
        .confirm?.(scenario, trialRunOf(runtime, controller.signal))
        .then(answered, (error: unknown) =>
          answered(error instanceof Error ? error : new Error(String(error))),
        );
    };

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
      adopt(judge(challenge, scenario, snapshot, before), scenario);
    };
    check();
    const unsubscribeLive = live.subscribe(check);
    // A live change or a locked key set from the address is judged at once, even while paused.
    const unsubscribeStore = store.subscribe((state, previous) => {
      if (state.scenario !== previous.scenario) check();
    });
    return () => {
      confirming?.abort();
      unsubscribeLive();
      unsubscribeStore();
    };
  }, [runtime, challenge]);
  return verdict;
}
