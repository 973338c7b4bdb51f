import { useStore } from "zustand";
import type { ChallengeProgress } from "../../content/challenges/progress.ts";
import type { ProgressActions } from "../../state/challenge-progress.ts";
import { useRuntime } from "../../state/runtime-context.ts";

/** The learner's challenge progress, from the page's runtime. */
export const useProgress = <T>(select: (state: ChallengeProgress & ProgressActions) => T): T =>
  useStore(useRuntime().progress, select);
