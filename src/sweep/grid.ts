// The grid a threshold search's points lie on, and the most runs it can take (which the sweep's
// cap is checked against before anything runs). sweep/find.ts walks it.

interface Range {
  readonly from: number;
  readonly to: number;
  /** Whole numbers only. */
  readonly integer: boolean;
}

/**
 * The step of the grid: the precision's power of ten (at least 1 for a whole-number key), so a
 * link reads lag=2880, not lag=2884.087791.
 */
export function searchUnit(range: Range, precision: number): number {
  const unit = 10 ** Math.floor(Math.log10(precision));
  return range.integer ? Math.max(1, unit) : unit;
}

/**
 * The most runs a search makes: the ends and the points at ¼, ½ and ¾, then two a round, each round leaving
 * a third of the bracket, give or take half a step of the grid.
 */
export function searchRuns(range: Range, precision: number): number {
  const unit = searchUnit(range, precision);
  let width = (range.to - range.from) / 4 + unit / 2;
  let runs = 5;
  while (width > precision) {
    width = width / 3 + unit / 2;
    runs += 2;
  }
  return runs;
}
