import { NS_PER_S } from "../model/index.ts";

// The simulated moment the page shows, names and measures at: the clock to a tenth of a second,
// cut as a stopwatch does (never a moment the run has not reached). The header's clock, Share's
// `t`, the report and the windowed figures all use it, so a figure is what Prometheus answers at
// the moment written beside it: evaluated at the run's exact 120.048 s while the clock and the link
// said 120.0, "the last 1 m" left out the scrape at 60 s that Prometheus 2 keeps (issue 35).

/** Tenths of a second reached, as a number of seconds (12.36 s → 12.3). */
export const clockSeconds = (ns: number): number => Math.floor((ns * 10) / NS_PER_S) / 10;
