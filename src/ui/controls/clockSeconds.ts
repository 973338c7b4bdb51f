import { NS_PER_S } from "../../model/index.ts";

// The simulated clock to a tenth of a second, as the header shows it and Share writes it into `t`:
// one rule, so a shared link opens at the moment the clock showed (the clock rounded while Share
// cut, and 12.36 s was shown as 12.4 and shared as 12.3). Cut, as a stopwatch does: never a moment
// the run has not reached.

/** Tenths of a second reached, as a number of seconds (12.36 s → 12.3). */
export const clockSeconds = (ns: number): number => Math.floor((ns * 10) / NS_PER_S) / 10;

/** The clock's text: `12.3 s`. */
export const formatClock = (ns: number): string => `${clockSeconds(ns).toFixed(1)} s`;
