import type { MarkView, Nanos } from "../../model/index.ts";
import { isFirstMarkKind } from "../../model/index.ts";

// The marks of the run so far, as the page has seen them. A snapshot carries only the marks up to
// its own moment, so after a seek back the later ones would vanish from the scrubber; replay is
// deterministic, so the marks seen before stay true up to the furthest moment (a fork or a new
// run cuts that back, and a mark that disagrees with one seen means another run).

/** Marks remembered at most besides the first-of-a-kind ones; the oldest go first. */
export const KNOWN_MARKS = 2000;

export type KnownMarks = ReadonlyMap<number, MarkView>;

const sameMark = (a: MarkView, b: MarkView) =>
  a.atNs === b.atNs && a.kind === b.kind && a.detail === b.detail;

/** `known` with `incoming` added; the same object when nothing changed. */
export function mergeMarks(known: KnownMarks, incoming: readonly MarkView[]): KnownMarks {
  const fresh = incoming.filter((mark) => !known.has(mark.seq));
  const conflict = incoming.some((mark) => {
    const seen = known.get(mark.seq);
    return seen !== undefined && !sameMark(seen, mark);
  });
  if (!conflict && fresh.length === 0) return known;
  const merged = new Map(conflict ? [] : known);
  for (const mark of incoming) merged.set(mark.seq, mark);
  let extra = merged.size - KNOWN_MARKS;
  for (const [seq, mark] of merged) {
    if (extra <= 0) break;
    if (isFirstMarkKind(mark.kind)) continue;
    merged.delete(seq);
    extra--;
  }
  return merged;
}

/** The remembered marks up to `furthestNs`, in time order. */
export function marksUntil(known: KnownMarks, furthestNs: Nanos): MarkView[] {
  return [...known.values()]
    .filter((mark) => mark.atNs <= furthestNs)
    .sort((a, b) => a.atNs - b.atNs || a.seq - b.seq);
}

/** Forgets the marks after `tNs`: the run so far was cut back there (a fork, a new run). */
export function forgetAfter(known: KnownMarks, tNs: Nanos): KnownMarks {
  const kept = [...known].filter(([, mark]) => mark.atNs <= tNs);
  return kept.length === known.size ? known : new Map(kept);
}
