import { useEffect } from "react";
import type { PanelId } from "./chapter.ts";

const HIGHLIGHT_CLASS = "tour-highlight";

/** Outlines the panel a shown caption talks about and scrolls it into view; null outlines none. */
export function usePanelHighlight(panel: PanelId | null): void {
  useEffect(() => {
    if (panel === null) return;
    const section = document.getElementById(panel)?.closest("section");
    if (section === null || section === undefined) return;
    section.classList.add(HIGHLIGHT_CLASS);
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    section.scrollIntoView?.({ block: "nearest", behavior: reduceMotion ? "auto" : "smooth" });
    return () => section.classList.remove(HIGHLIGHT_CLASS);
  }, [panel]);
}
