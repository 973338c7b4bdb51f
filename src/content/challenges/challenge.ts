import type { Scenario, ScenarioKey, ScheduleKey, SimSnapshot } from "../../model/index.ts";

// A challenge: a goal stated in the learner's terms, a starting scenario, the controls the learner
// may move, and a check over the run that the page evaluates on every frame (a predicate over the
// model's snapshots, like a preset's "Look for"). Solving one says what it demonstrated.

/**
 * A run of the model on `scenario` from 0 s, apart from the live one, and its snapshot (the
 * counts) at `seconds`. The page runs it in the worker, so the answer comes later.
 */
export type TrialRun = (scenario: Scenario, seconds: number) => Promise<SimSnapshot>;

/** The model's own verdict on the learner's scenario, from runs of it computed on the spot. */
export interface Confirmation {
  ok: boolean;
  /** Why, in figures from those runs: shown with the verdict. */
  message: string;
}

export interface ChallengeCheck {
  /** What the page checks, in the learner's words. */
  description: string;
  /** Simulated seconds from the run's start by which the goal must be met. */
  windowS: number;
  /** The run so far meets the goal. */
  holds: (snapshot: SimSnapshot) => boolean;
  /** What already rules the goal out in this run ("a read fell back at …"), or null. */
  spoiled?: (snapshot: SimSnapshot) => string | null;
  /**
   * Once `holds`, the model's verdict on the learner's scenario, from trial runs of it: for an
   * answer that must be checked against other runs of the model (a threshold), never against a
   * stored number. The verdict is "checking" until it answers.
   */
  confirm?: (scenario: Scenario, trial: TrialRun) => Promise<Confirmation>;
}

/** A number the learner tries in the challenge card: each try is a run from 0 s with that value. */
export interface Trial {
  key: ScheduleKey;
  label: string;
  unit: string;
  step: number;
}

export interface Challenge {
  id: string;
  title: string;
  /** The tour chapter whose story point it checks (content/tour/chapters), if any. */
  chapter?: string;
  /** The goal, in the learner's terms. */
  goal: string;
  /** The starting scenario (docs/scenarios.md), without `name`: the title is added. */
  start: string;
  /** The run keys the learner may change; every other control is locked. */
  allowed: readonly ScenarioKey[];
  /** Why the other controls are locked, in the learner's terms. */
  lockedBecause: string;
  check: ChallengeCheck;
  /** Shown one at a time, in this order. */
  hints: readonly string[];
  /** What a solved challenge demonstrated: shown once it is solved. */
  demonstrates: string;
  /** A scenario that solves it, from the start with allowed keys changed: the tests play it. */
  solution: string;
  /** The page plays the challenge at least this fast (× real time). */
  speed: number;
  trial?: Trial;
}
