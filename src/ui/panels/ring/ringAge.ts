import type { Nanos } from "../../../model/index.ts";
import { emptySwatch, okabeIto } from "../shared/palette.ts";

export type AgeClass = "fresh" | "ageing" | "stale";

/**
 * Fresh: well inside the window; ageing: in its second half; stale: older than the window — the
 * side of the line the ring's grow and shrink tests care about (upstream: watch_cache_history.go resizeCacheLocked).
 */
export function ageClass(ageNs: Nanos, freshWindowNs: Nanos): AgeClass {
  if (ageNs >= freshWindowNs) return "stale";
  if (ageNs >= freshWindowNs / 2) return "ageing";
  return "fresh";
}

export const ageColours: Record<AgeClass, string> = {
  fresh: okabeIto.blue,
  ageing: okabeIto.skyBlue,
  stale: okabeIto.orange,
};

export const emptySlotColour = emptySwatch;
