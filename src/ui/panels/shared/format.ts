import { format } from "d3";
import { type Nanos, NS_PER_MS, NS_PER_S, type WallView } from "../../../model/index.ts";

const groupThousands = format(",");
const threeDigitsSI = format(".3~s");

/** 48210 → "48,210": counts and revisions are read at a glance, so group the digits. */
export function formatCount(value: number): string {
  return groupThousands(Math.round(value));
}

/** 17371 → "17.4k": for labels over narrow bars, where a grouped number would overrun its bar. */
export function formatCompactCount(value: number): string {
  return Math.abs(value) < 10_000 ? formatCount(value) : threeDigitsSI(Math.round(value));
}

/** 1843200000 → "1.84 GB": memory in SI bytes, three significant digits. */
export function formatBytes(bytes: number): string {
  if (Math.abs(bytes) < 1000) return `${Math.round(bytes)} B`;
  // d3's SI suffix is glued to the digits ("8.19M"); the unit follows after a space.
  const text = threeDigitsSI(bytes);
  return `${text.slice(0, -1)} ${text.slice(-1)}B`;
}

/** Durations under a second read better in ms; above, two decimals show the wall creeping up. */
export function formatDuration(ns: Nanos): string {
  const abs = Math.abs(ns);
  if (abs < NS_PER_S) return `${Math.round(ns / NS_PER_MS)} ms`;
  if (abs < 10 * NS_PER_S) return `${(ns / NS_PER_S).toFixed(2)} s`;
  return `${(ns / NS_PER_S).toFixed(1)} s`;
}

/** A wait as a reader says it: a wait too short for "1 ms" is "<1 ms", never a contradictory "0 ms". */
export const formatWaited = (ns: Nanos): string =>
  ns > 0 && ns < NS_PER_MS / 2 ? "<1 ms" : formatDuration(ns);

/** A share of a total; "<1%" keeps a rare 429 from looking like none at all. */
export function formatPercent(part: number, total: number): string {
  if (total <= 0 || part <= 0) return "0%";
  const share = (part / total) * 100;
  if (share < 1) return "<1%";
  return `${Math.round(share)}%`;
}

/** Simulated time on an axis: seconds throughout, as the clock says it, so no axis mixes "100 s" with "2:30". */
export function formatClock(ns: Nanos): string {
  const exactSeconds = ns / NS_PER_S;
  if (exactSeconds < 10 && !Number.isInteger(exactSeconds)) return `${exactSeconds.toFixed(1)} s`;
  return `${Math.floor(exactSeconds)} s`;
}

/** The wall as a reader says it: "3 s", "10 s", "1.5 s", "250 ms". */
export function formatWall(wall: WallView): string {
  const ns = wall.blockTimeoutNs;
  if (ns < NS_PER_S) return `${Math.round(ns / NS_PER_MS)} ms`;
  return `${Number((ns / NS_PER_S).toFixed(2))} s`;
}

/** "the 10 s wall" for a caption, or "the wall" before the first frame says which. */
export const theWall = (wall: WallView | undefined): string =>
  wall === undefined ? "the wall" : `the ${formatWall(wall)} wall`;
