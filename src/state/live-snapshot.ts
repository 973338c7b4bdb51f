import type { SimSnapshot } from "../model/index.ts";

// The newest snapshot, held outside React state: panels that draw every frame subscribe here, so
// a frame re-renders them and nothing else on the page.

export interface LiveFrame {
  snapshot: SimSnapshot;
  /** Wall time the run has spent playing, so the page can show both clocks side by side. */
  wallPlayedMs: number;
  /** Which of the worker's loads this frame comes from: a new number is a new run. */
  run?: number;
  /** The speed the run really reaches while playing (below the asked one when it cannot keep up). */
  reachedSpeed?: number | null;
  /** Twin run B at the same simulated moment, when one runs beside this one. */
  twin?: SimSnapshot;
  /** While the run still replays toward the moment its link opens at. */
  opening?: { targetNs: number };
}

export interface LiveSnapshot {
  get(): LiveFrame | null;
  set(frame: LiveFrame): void;
  subscribe(listener: () => void): () => void;
}

export function createLiveSnapshot(): LiveSnapshot {
  let current: LiveFrame | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(frame) {
      current = frame;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
