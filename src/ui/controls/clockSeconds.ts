import { clockSeconds } from "../../worker/shown-moment.ts";

// The simulated clock to a tenth of a second, as the header shows it and Share writes it into `t`:
// one rule (worker/shown-moment.ts), so a shared link opens at the moment the clock showed (the
// clock rounded while Share cut, and 12.36 s was shown as 12.4 and shared as 12.3), and the
// windowed figures are evaluated there.

export { clockSeconds };

/** The clock's text: `12.3 s`. */
export const formatClock = (ns: number): string => `${clockSeconds(ns).toFixed(1)} s`;
