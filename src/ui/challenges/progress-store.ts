import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import {
  type ChallengeProgress,
  loadProgress,
  type SolvedEntry,
  saveProgress,
  withNextHint,
  withSolved,
} from "../../content/challenges/progress.ts";

// The learner's challenge progress for the whole page (gallery and card), read from localStorage
// once and written back on every change. A browser without storage keeps it for the visit only.

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // a sandboxed iframe throws on the mere access
  }
}

interface ProgressActions {
  solve(id: string, entry: SolvedEntry): void;
  showNextHint(id: string, hintCount: number): void;
  /** Reads the storage again (another tab, a test). */
  reload(): void;
}

export const progressStore = createStore<ChallengeProgress & ProgressActions>()((set, get) => {
  const keep = (next: ChallengeProgress) => {
    saveProgress(browserStorage(), next);
    set(next);
  };
  const current = (): ChallengeProgress => ({ solved: get().solved, hints: get().hints });
  return {
    ...loadProgress(browserStorage()),
    solve: (id, entry) => keep(withSolved(current(), id, entry)),
    showNextHint: (id, hintCount) => keep(withNextHint(current(), id, hintCount)),
    reload: () => set(loadProgress(browserStorage())),
  };
});

export const useProgress = <T>(select: (state: ChallengeProgress & ProgressActions) => T): T =>
  useStore(progressStore, select);
