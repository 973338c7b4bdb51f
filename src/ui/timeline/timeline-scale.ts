import type { MarkKind, MarkView } from "../../model/index.ts";
import { type Nanos, NS_PER_S } from "../../model/index.ts";

// The scrubber's arithmetic: where a moment sits on the bar, which moment a key or a click asks
// for, and the marks before and after the current one.

/** Simulated time a plain arrow key moves; with Shift (or Page Up/Down), ten times that. */
export const KEY_STEP_NS: Nanos = NS_PER_S;

export const fractionOf = (tNs: Nanos, furthestNs: Nanos): number =>
  furthestNs <= 0 ? 0 : Math.min(1, Math.max(0, tNs / furthestNs));

export const timeAtFraction = (fraction: number, furthestNs: Nanos): Nanos =>
  Math.round(Math.min(1, Math.max(0, fraction)) * furthestNs);

/** The moment a key asks for, or null when the key is not the scrubber's. */
export function keyTarget(key: string, shift: boolean, nowNs: Nanos, furthestNs: Nanos) {
  const step = shift ? 10 * KEY_STEP_NS : KEY_STEP_NS;
  const targets: Record<string, Nanos> = {
    ArrowLeft: nowNs - step,
    ArrowDown: nowNs - step,
    ArrowRight: nowNs + step,
    ArrowUp: nowNs + step,
    PageDown: nowNs - 10 * KEY_STEP_NS,
    PageUp: nowNs + 10 * KEY_STEP_NS,
    Home: 0,
    End: furthestNs,
  };
  const target = targets[key];
  return target === undefined ? null : Math.min(furthestNs, Math.max(0, target));
}

// A mark recorded a hair before the position is the one the position shows: a seek to a mark
// lands on it, and "previous" from there must reach the one before.
const SAME_MOMENT_NS = 1_000_000;

export const previousMark = (marks: readonly MarkView[], nowNs: Nanos): MarkView | null =>
  marks.findLast((m) => m.atNs < nowNs - SAME_MOMENT_NS) ?? null;

export const nextMark = (marks: readonly MarkView[], nowNs: Nanos): MarkView | null =>
  marks.find((m) => m.atNs > nowNs + SAME_MOMENT_NS) ?? null;

/** Families of marks that share a colour (timeline.css), chosen for colour-blind readers. */
export type MarkFamily = "wait" | "etcd" | "error" | "ring" | "fault" | "lag";

const FAMILY: Record<MarkKind, MarkFamily> = {
  firstWait: "wait",
  firstServedAfterWait: "wait",
  firstFallback: "etcd",
  compaction: "etcd",
  first429: "error",
  first504: "error",
  first410: "error",
  ringGrow: "ring",
  ringShrink: "ring",
  stallStart: "fault",
  stallEnd: "fault",
  pending: "fault",
  ready: "fault",
  herd: "fault",
  away: "fault",
  lagAbove: "lag",
  lagBelow: "lag",
};

export const familyOf = (kind: MarkKind): MarkFamily => FAMILY[kind];

export const secondsText = (tNs: Nanos): string => `${(tNs / NS_PER_S).toFixed(1)} s`;
