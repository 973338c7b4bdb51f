import type { Nanos, SimSnapshot } from "../../model/index.ts";
import { STRIP_METRICS } from "./keyMetrics.ts";

// The history of how far twin runs A and B have drifted apart, built from the paired snapshots
// the page receives. Bounded: when full, every other sample goes and the spacing doubles, so a
// long run keeps its whole span at a coarser grain. Runs are deterministic, so after a seek back
// the history up to there still holds, and only what lies after it is dropped.

export interface DivergenceSample {
  tNs: Nanos;
  /** B − A per strip metric, in STRIP_METRICS order. */
  differences: number[];
}

/**
 * When an aspect of the runs first differed: seen first at `atNs`, and still the same at `sinceNs`
 * (the frame before; farther back after a jump ahead, or when the page opened past 0 s).
 */
export interface FirstDifference {
  sinceNs: Nanos;
  atNs: Nanos;
}

export type FirstDifferences = Record<"outcomes" | "cacheRv" | "capacity", FirstDifference | null>;

const NONE: FirstDifferences = { outcomes: null, cacheRv: null, capacity: null };

export interface DivergenceLog {
  add(a: SimSnapshot, b: SimSnapshot): void;
  readonly samples: readonly DivergenceSample[];
  readonly first: Readonly<FirstDifferences>;
}

const MIN_SPACING_NS: Nanos = 50_000_000;

/** B − A per strip metric, in STRIP_METRICS order. */
export const differencesOf = (a: SimSnapshot, b: SimSnapshot): number[] =>
  STRIP_METRICS.map((metric) => metric.value(b) - metric.value(a));

const sameOutcomes = (a: SimSnapshot, b: SimSnapshot) =>
  Object.entries(a.outcomes).every(([kind, counts]) =>
    Object.entries(counts).every(
      ([outcome, count]) =>
        b.outcomes[kind as keyof SimSnapshot["outcomes"]][outcome as keyof typeof counts] === count,
    ),
  );

export function createDivergenceLog(maxSamples = 512): DivergenceLog {
  let samples: DivergenceSample[] = [];
  let spacingNs = MIN_SPACING_NS;
  let first = NONE;
  let seenNs: Nanos = 0;

  const noteFirst = (aspect: keyof FirstDifferences, differs: boolean, tNs: Nanos) => {
    if (differs && first[aspect] === null) {
      first = { ...first, [aspect]: { sinceNs: seenNs, atNs: tNs } };
    }
  };

  const forgetAfter = (tNs: Nanos) => {
    samples = samples.filter((sample) => sample.tNs <= tNs);
    const kept = (f: FirstDifference | null) => (f !== null && f.atNs <= tNs ? f : null);
    first = {
      outcomes: kept(first.outcomes),
      cacheRv: kept(first.cacheRv),
      capacity: kept(first.capacity),
    };
    if (samples.length === 0) spacingNs = MIN_SPACING_NS;
  };

  return {
    add(a, b) {
      const tNs = a.nowNs;
      // Back in time (a seek, a replay from 0 s): what came after is no longer known.
      if (tNs < seenNs) forgetAfter(tNs);
      noteFirst("outcomes", !sameOutcomes(a, b), tNs);
      noteFirst("cacheRv", a.cacheRv !== b.cacheRv, tNs);
      noteFirst("capacity", a.ring.capacity !== b.ring.capacity, tNs);
      seenNs = tNs;
      const previous = samples.at(-1);
      if (previous !== undefined && tNs - previous.tNs < spacingNs) return;
      samples.push({ tNs, differences: differencesOf(a, b) });
      if (samples.length >= maxSamples) {
        samples = samples.filter((_, i) => i % 2 === 0);
        spacingNs *= 2;
      }
    },
    get samples() {
      return samples;
    },
    get first() {
      return first;
    },
  };
}
