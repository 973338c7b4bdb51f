import { createStore, type StoreApi } from "zustand/vanilla";
import type { WindowScrapes } from "../worker/protocol.ts";

// The window the page's metrics are read over, as a dashboard would read them: since the start
// (the counters as they stand), or PromQL's rate over the last 1 m / 5 m of scrapes taken every
// `stepS` simulated seconds. The scrapes come from the worker; one request at a time, the newest
// answer kept for every panel and the comparison table.

export interface MetricsWindowState {
  /** 0: since the start; otherwise the range of `rate(…[w])`, in seconds. */
  windowS: number;
  /** Seconds between two scrapes (Prometheus's scrape_interval). */
  stepS: number;
  /** The newest scrapes for the current window and interval, null until they arrive. */
  scrapes: WindowScrapes | null;
  /** Why the scrapes could not be had, if they could not. */
  error: string | null;
  setWindow(windowS: number): void;
  setStep(stepS: number): void;
  /** Asks for the scrapes up to now, unless a request is already out (or the window is 0). */
  refresh(): void;
}

export type MetricsWindowStore = StoreApi<MetricsWindowState>;

export const WINDOW_CHOICES: readonly { windowS: number; label: string }[] = [
  { windowS: 0, label: "since the start" },
  { windowS: 60, label: "last 1 m" },
  { windowS: 300, label: "last 5 m" },
];

export const DEFAULT_SCRAPE_S = 15;

export function createMetricsWindow(
  ask: (stepS: number, windowS: number) => Promise<WindowScrapes>,
): MetricsWindowStore {
  let inFlight = false;
  /** A refresh came while one was out: the answer is already old, ask again when it lands. */
  let again = false;
  return createStore<MetricsWindowState>()((set, get) => ({
    windowS: 0,
    stepS: DEFAULT_SCRAPE_S,
    scrapes: null,
    error: null,
    setWindow(windowS) {
      set({ windowS, scrapes: null, error: null });
      get().refresh();
    },
    setStep(stepS) {
      set({ stepS, scrapes: null, error: null });
      get().refresh();
    },
    refresh() {
      const { windowS, stepS } = get();
      if (windowS === 0) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      again = false;
      ask(stepS, windowS).then(
        (scrapes) => {
          inFlight = false;
          const now = get();
          // An answer for a choice since changed is dropped and asked for afresh.
          if (scrapes.windowS === now.windowS && scrapes.stepS === now.stepS) {
            set({ scrapes, error: null });
          } else again = true;
          if (again) now.refresh();
        },
        (error: unknown) => {
          inFlight = false;
          set({ error: error instanceof Error ? error.message : String(error) });
        },
      );
    },
  }));
}

/**
 * Resolves once the window's scrapes reach `atS` (asking for them), at once for "since the start",
 * and after `timeoutMs` in any case, so a report made at a paused moment reads the figures the
 * Metrics panel will show there, not the newest scrapes at hand from before it.
 */
export function scrapesReaching(
  store: MetricsWindowStore,
  atS: number,
  timeoutMs: number,
): Promise<void> {
  const reached = (state: MetricsWindowState) =>
    state.windowS === 0 || state.error !== null || (state.scrapes?.atS ?? -1) >= atS;
  if (reached(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = store.subscribe((state) => {
      if (reached(state)) done();
    });
    store.getState().refresh();
  });
}
