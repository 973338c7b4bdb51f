/** The two families the stylesheets name, as they name them. */
const SANS = 'system-ui, -apple-system, "Segoe UI", sans-serif';
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';

/**
 * Every font (CSS `font`: style, weight, size, family) the page's first view draws text in: the
 * stylesheets' sizes and weights, the browser's own `monospace` for code, and the canvases'
 * labels (11, 12 and 600 20 px). e2e/fonts.spec.ts checks it against the rendered page.
 */
export const PAGE_FONTS: readonly string[] = [
  ...[11, 11.5, 12, 12.5, 13, 13.5, 14].map((px) => `${px}px ${SANS}`),
  `italic 12.5px ${SANS}`,
  ...[11, 12].map((px) => `500 ${px}px ${SANS}`),
  ...[11, 12, 12.5, 13, 14, 16, 20].map((px) => `600 ${px}px ${SANS}`),
  ...[12, 13, 13.5, 14, 17, 18].map((px) => `700 ${px}px ${SANS}`),
  ...[11.05, 12].map((px) => `${px}px ${MONO}`),
  `600 12px ${MONO}`,
  ...[12.5, 13, 14].map((px) => `${px}px monospace`),
];

/**
 * Letters, digits and the symbols the page's text uses beyond ASCII: a symbol a font's face lacks
 * sends the browser to a fallback font, resolved with the font when they are drawn. The wall is
 * drawn as ⊥ (up tack), which common faces have, rather than ⟂ (perpendicular): on Linux that
 * one sent every size of the page's font to a second face, twice the look-ups.
 */
export const PAGE_SYMBOLS = "Ag0 ·×−≤≥≈¼—–…“”’→◀▶✓⊥µ";
