import type { SimSnapshot } from "../../sim/snapshot.ts";
import type { Nanos } from "../../sim/time.ts";
import { STRIP_METRICS } from "./keyMetrics.ts";

// The history of how far twin runs A and B have drifted apart, built from the paired snapshots
// the page receives. Bounded: when full, every other sample goes and the spacing doubles, so a
// long run keeps its whole span at a coarser grain.

export interface DivergenceSample {
  tNs: Nanos;
  /** B − A per strip metric, in STRIP_METRICS order. */
  differences: number[];
}

/** The first simulated moment each aspect of the runs differed, or null while they agree. */
export interface FirstDifferences {
  outcomes: Nanos | null;
  cacheRv: Nanos | null;
  capacity: Nanos | null;
}

export interface DivergenceLog {
  add(a: SimSnapshot, b: SimSnapshot): void;
  readonly samples: readonly DivergenceSample[];
  readonly first: Readonly<FirstDifferences>;
}

const MIN_SPACING_NS: Nanos = 50_000_000;

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
  let first: FirstDifferences = { outcomes: null, cacheRv: null, capacity: null };

  const noteFirst = (aspect: keyof FirstDifferences, differs: boolean, tNs: Nanos) => {
    if (differs && first[aspect] === null) first = { ...first, [aspect]: tNs };
  };

  return {
    add(a, b) {
      const tNs = a.nowNs;
      const last = samples.at(-1);
      // The runs went back in time (a reset, a new pair): this is a new history.
      if (last !== undefined && tNs < last.tNs) {
        samples = [];
        spacingNs = MIN_SPACING_NS;
        first = { outcomes: null, cacheRv: null, capacity: null };
      }
      noteFirst("outcomes", !sameOutcomes(a, b), tNs);
      noteFirst("cacheRv", a.cacheRv !== b.cacheRv, tNs);
      noteFirst("capacity", a.ring.capacity !== b.ring.capacity, tNs);
      const previous = samples.at(-1);
      if (previous !== undefined && tNs - previous.tNs < spacingNs) return;
      samples.push({ tNs, differences: STRIP_METRICS.map((m) => m.value(b) - m.value(a)) });
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
