// What one point of a sweep is asked and answers, apart from the run itself (point.ts), so the
// worker's protocol can name them without importing the model's figures.

export interface PointJob {
  readonly text: string;
  readonly durationS: number;
}

export interface PointResult {
  /** In SWEEP_FIGURES order; null where the figure has no data. */
  readonly figures: (number | null)[];
  readonly traceHash: string;
}
