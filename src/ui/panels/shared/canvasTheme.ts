import { ink } from "./palette.ts";

/** The theme's colours for what a canvas draws around the data: text, axes, grid, empty track. */
export interface CanvasTheme {
  text: string;
  muted: string;
  grid: string;
  empty: string;
  focus: string;
}

// Light ink: what a canvas draws with when the page's stylesheet is missing (tests, a bare embed).
export const lightCanvasTheme: CanvasTheme = { ...ink };

// Canvas cannot use CSS variables, so the theme's variables are resolved to colours once per
// theme change and handed to the draw functions, which stay pure.
const VARIABLES: Record<keyof CanvasTheme, string> = {
  text: "--ink",
  muted: "--muted",
  grid: "--line",
  empty: "--canvas-empty",
  focus: "--ink",
};

/** The canvas colours of the theme in force at `element` (usually `<html>`). */
export function canvasTheme(element: Element): CanvasTheme {
  const style = getComputedStyle(element);
  const read = (key: keyof CanvasTheme) =>
    style.getPropertyValue(VARIABLES[key]).trim() || lightCanvasTheme[key];
  return {
    text: read("text"),
    muted: read("muted"),
    grid: read("grid"),
    empty: read("empty"),
    focus: read("focus"),
  };
}
