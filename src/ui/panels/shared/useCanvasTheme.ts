import { useMemo, useSyncExternalStore } from "react";
import { type CanvasTheme, canvasTheme } from "./canvasTheme.ts";

// Keyed on <html data-theme>, which useTheme sets: whoever switches the theme (toggle, system
// setting, an embedding page), the canvases follow without knowing about the toggle.
function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

const themeName = () => document.documentElement.dataset["theme"] ?? "";

/** The canvas colours of the page's theme, read again only when the theme changes. */
export function useCanvasTheme(): CanvasTheme {
  const name = useSyncExternalStore(subscribe, themeName, () => "");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `name` is what invalidates the read
  return useMemo(() => canvasTheme(document.documentElement), [name]);
}
