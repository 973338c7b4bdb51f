import { useEffect, useMemo, useRef, useState } from "react";
import type { MarkView } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useTravel } from "../../state/useTravel.ts";
import { forgetAfter, type KnownMarks, marksUntil, mergeMarks } from "./known-marks.ts";

/** Every mark of the run so far, including those after the moment shown (see known-marks.ts). */
export function useKnownMarks(): MarkView[] {
  const { live } = useRuntime();
  const furthestNs = useTravel((s) => s.furthestNs);
  const [known, setKnown] = useState<KnownMarks>(() => new Map());
  useEffect(() => {
    const take = () => {
      const marks = live.get()?.snapshot.marks;
      if (marks !== undefined) setKnown((previous) => mergeMarks(previous, marks));
    };
    take();
    return live.subscribe(take);
  }, [live]);
  const lastFurthestNs = useRef(furthestNs);
  useEffect(() => {
    if (furthestNs < lastFurthestNs.current)
      setKnown((previous) => forgetAfter(previous, furthestNs));
    lastFurthestNs.current = furthestNs;
  }, [furthestNs]);
  return useMemo(() => marksUntil(known, furthestNs), [known, furthestNs]);
}
