import { precisionFixed } from "d3";
import { NS_PER_MS, NS_PER_S } from "../../../model/index.ts";

// Axis labels with just enough decimals that neighbouring ticks differ: at the start of a run the
// time axis spans a fraction of a second, and a label rounded to the clock's tenth printed
// "0 s, 0.0 s, 0.0 s, 0.1 s" (and a request's lanes "+1 ms +1 ms +2 ms").

/** Decimals that tell evenly spaced ticks apart (the step's, as d3-format counts them). */
function decimals(ticks: readonly number[]): number {
  const [first, second] = ticks;
  if (first === undefined || second === undefined) return 0;
  return Math.min(6, precisionFixed(Math.abs(second - first)));
}

/** Ticks in seconds: `0 s`, `0.02 s`, `0.04 s`. */
export function secondsTickText(ticks: readonly number[]): string[] {
  const places = decimals(ticks);
  return ticks.map((tick) => (tick === 0 ? "0 s" : `${tick.toFixed(places)} s`));
}

/** Ticks of a duration in ns: in ms while they stay under a second (`0.5 ms`, `1.0 ms`), else s. */
export function durationTickText(ticksNs: readonly number[]): string[] {
  if (Math.max(0, ...ticksNs) >= NS_PER_S) {
    return secondsTickText(ticksNs.map((tick) => tick / NS_PER_S));
  }
  const ms = ticksNs.map((tick) => tick / NS_PER_MS);
  const places = decimals(ms);
  return ms.map((tick) => (tick === 0 ? "0 ms" : `${tick.toFixed(places)} ms`));
}
