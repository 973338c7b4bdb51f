import type { Scenario } from "../../../model/index.ts";
import { numberText } from "../../number-text.ts";
import { shareOf } from "../../observables.ts";
import type { Challenge, Confirmation, TrialRun } from "../challenge.ts";
import { reached } from "../readings.ts";

// The answer is the model's, computed from the learner's own scenario when the check runs: their
// lag must reach the share, and 100 ms less must not. No number is stored here, so a change to the
// model or to the starting scenario moves the answer with it.

const WINDOW_S = 60;
const SHARE = 0.01;
const STEP_MS = 100;

const percent = (share: number) => `${numberText(share * 100, 2)} %`;

async function fallbackShare(scenario: Scenario, lagMs: number, trial: TrialRun) {
  const snapshot = await trial({ ...scenario, lag: [{ atNs: 0, value: lagMs }] }, WINDOW_S);
  return shareOf(snapshot, "consistent", ["fallback"]);
}

export async function confirmSmallestLag(
  scenario: Scenario,
  trial: TrialRun,
): Promise<Confirmation> {
  const [first, ...later] = scenario.lag;
  if (first === undefined || later.length > 0) {
    return { ok: false, message: "the lag changed during the run: a try is one lag from 0 s" };
  }
  const lagMs = first.value;
  const atLag = await fallbackShare(scenario, lagMs, trial);
  if (atLag < SHARE) {
    return {
      ok: false,
      message: `at ${lagMs} ms only ${percent(atLag)} of consistent reads fell back within ${WINDOW_S} s: too small`,
    };
  }
  const lower = Math.max(0, lagMs - STEP_MS);
  const belowShare = lagMs === 0 ? 0 : await fallbackShare(scenario, lower, trial);
  if (belowShare >= SHARE) {
    return {
      ok: false,
      message: `at ${lagMs} ms ${percent(atLag)} fell back, but at ${lower} ms already ${percent(belowShare)}: a smaller lag does it too`,
    };
  }
  return {
    ok: true,
    message: `the model ran both: at ${lagMs} ms ${percent(atLag)} of consistent reads fell back within ${WINDOW_S} s, at ${lower} ms ${percent(belowShare)}.`,
  };
}

export const smallestLag: Challenge = {
  id: "smallest-lag",
  title: "Where fallbacks begin",
  chapter: "wall",
  goal: "Find, to 100 ms, the smallest watch lag at which at least 1 % of consistent reads fall back to etcd within 60 s (seed 1, the default load, 100 ms of jitter).",
  start: "jitter=100",
  allowed: [],
  lockedBecause:
    "the answer is for seed 1 and this load: type a lag in the challenge card, and each try runs 60 s from 0 s with that one lag.",
  check: {
    description: `a run of ${WINDOW_S} s at one lag L; the model then runs L and L − ${STEP_MS} ms: L must reach 1 % of consistent reads falling back, L − ${STEP_MS} ms must not`,
    windowS: WINDOW_S,
    holds: (s) => reached(s, WINDOW_S),
    confirm: confirmSmallestLag,
  },
  hints: [
    "Try a lag, let it run a minute, and read the share of consistent reads that fell back in the Decisions panel.",
    "Without jitter the answer would be the wall itself, 3000 ms. The jitter's tail makes some events later than the lag.",
    "Halve the interval: at 2000 ms none fall back, at 3000 ms nearly all do.",
  ],
  demonstrates:
    "Fallbacks do not begin at the 3 s wall but where the tail of the delay (lag plus jitter) reaches it. The model computed the answer from your runs, not from a stored number: with another jitter or seed it would move.",
  solution: "jitter=100&lag=2500",
  speed: 10,
  trial: { key: "lag", label: "Watch lag to try", unit: "ms", step: STEP_MS },
};
