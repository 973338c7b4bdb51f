// What each question of the tour and the gallery is answered by its own run, as the headless test
// (test/core/predict-questions.test.ts) finds it and the browser test (e2e/predict.spec.ts) checks
// the page says: a table a reader can check against the captions. The page never reads it: its
// verdicts come from the run's snapshots.

export const EXPECTED: Record<string, string> = {
  "chapter:rv0": "at-once",
  "chapter:read-your-write": "after-wait",
  "chapter:wall": "fallback",
  "chapter:wake-up-timer": "thousands",
  "chapter:herd": "fallback",
  "chapter:ring": "grow-shrink",
  "chapter:fresh-window": "relist-cache",
  "chapter:prometheus": "fallback",
  "preset:healthy": "cache",
  "preset:ryw-consistent": "after-wait",
  "preset:ryw-pinned": "after-wait",
  "preset:lagging": "fallback",
  "preset:herd": "fallback",
  "preset:herd-skip-fallback": "429",
  "preset:big-herd": "fallback",
  "preset:big-herd-skip-fallback": "429",
  "preset:ring-grow-shrink": "grow-shrink",
  "preset:request-timeout": "past-ceiling",
  "preset:watcher-away": "relist-cache",
  "preset:no-rv-guard": "thousands",
  "preset:k8s-1.36": "every",
  "preset:k8s-1.37": "waited",
  "preset:heavy": "at-once",
  "preset:large-cluster": "cache",
  "preset:production-like": "nearly-all",
};
