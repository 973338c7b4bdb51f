import { useEffect } from "react";
import type { PanelId } from "../../content/panels.ts";

const HIGHLIGHT_CLASS = "tour-highlight";

/** Outlines the panel a shown caption talks about and scrolls it into view; null outlines none. */
export function usePanelHighlight(panel: PanelId | null): void {
  useEffect(() => {
    if (panel === null) return;
    const section = document.getElementById(panel)?.closest("section");
    if (section === null || section === undefined) return;
    section.classList.add(HIGHLIGHT_CLASS);
    // A panel already in full view stays put; otherwise its top comes to the top of the window.
    const { top, bottom } = section.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) {
      const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
      section.scrollIntoView?.({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
    }
    return () => section.classList.remove(HIGHLIGHT_CLASS);
  }, [panel]);
}
