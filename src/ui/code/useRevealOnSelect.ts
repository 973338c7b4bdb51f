import { type RefObject, useEffect } from "react";
import { usePrefersReducedMotion } from "../panels/shared/usePrefersReducedMotion.ts";

/**
 * Brings the pane into view when a read is selected from elsewhere on the page (the waiting room
 * sits above the fold, the pane below it); a pane already on screen stays where it is.
 */
export function useRevealOnSelect(ref: RefObject<HTMLElement | null>, selectedId: number | null) {
  const reduced = usePrefersReducedMotion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection moves the page
  useEffect(() => {
    const element = ref.current;
    if (selectedId === null || element === null || typeof element.scrollIntoView !== "function")
      return;
    const box = element.getBoundingClientRect();
    if (box.top >= 0 && box.top < window.innerHeight - 120) return;
    element.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
  }, [selectedId]);
}
