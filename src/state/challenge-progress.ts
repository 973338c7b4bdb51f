import { createStore, type StoreApi } from "zustand/vanilla";
import {
  type ChallengeProgress,
  loadProgress,
  type SolvedEntry,
  saveProgress,
  withNextHint,
  withSolved,
} from "../content/challenges/progress.ts";

// The learner's challenge progress for the page (gallery and card), one per runtime: read from
// localStorage when the page starts and written back on every change. A browser without storage
// keeps it for the visit only.

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // a sandboxed iframe throws on the mere access
  }
}

export interface ProgressActions {
  solve(id: string, entry: SolvedEntry): void;
  showNextHint(id: string, hintCount: number): void;
}

export type ProgressStore = StoreApi<ChallengeProgress & ProgressActions>;

export function createProgressStore(): ProgressStore {
  const storage = browserStorage();
  return createStore<ChallengeProgress & ProgressActions>()((set, get) => {
    const keep = (next: ChallengeProgress) => {
      saveProgress(storage, next);
      set(next);
    };
    const current = (): ChallengeProgress => ({ solved: get().solved, hints: get().hints });
    return {
      ...loadProgress(storage),
      solve: (id, entry) => keep(withSolved(current(), id, entry)),
      showNextHint: (id, hintCount) => keep(withNextHint(current(), id, hintCount)),
    };
  });
}
