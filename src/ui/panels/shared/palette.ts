// Okabe–Ito colours: distinguishable with the common colour-vision deficiencies, and the pairs we
// put side by side also differ in lightness so they survive greyscale.
export const okabeIto = {
  orange: "#E69F00",
  skyBlue: "#56B4E9",
  green: "#009E73",
  yellow: "#F0E442",
  blue: "#0072B2",
  vermillion: "#D55E00",
  purple: "#CC79A7",
  grey: "#999999",
} as const;

export const ink = {
  text: "#1f2328",
  muted: "#57606a",
  grid: "#d8dee4",
  empty: "#eaeef2",
  focus: "#1f2328",
} as const;

// The empty-slot swatch in HTML legends: CSS resolves it per theme, as canvasTheme does for canvases.
export const emptySwatch = `var(--canvas-empty, ${ink.empty})`;
