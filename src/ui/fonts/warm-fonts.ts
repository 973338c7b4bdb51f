/**
 * Resolves each of `fonts` (CSS `font` values) with the characters of `sample` before the page's
 * text first needs them, in turns of about `turnMs` with a task between them. Chromium on Linux
 * resolves a font the first time text uses it, by synchronous calls to the browser process (the
 * family's match, the size's render style, a fallback face for a missing symbol); under load each
 * waits milliseconds for a core, and the page's first layout asked for about 30 at once: one task
 * of 60–150 ms. A canvas's text shares the document's resolved fonts, and measuring it lays
 * nothing out. The promise settles when every font is resolved.
 */
export function warmFonts(fonts: readonly string[], sample: string, turnMs = 8): Promise<void> {
  const context = document.createElement("canvas").getContext("2d");
  if (context === null) return Promise.resolve();
  // A message to itself is the next task without the delay nested timeouts get.
  const channel = new MessageChannel();
  let next = 0;
  return new Promise((resolve) => {
    const turn = () => {
      const startedMs = performance.now();
      while (next < fonts.length && performance.now() - startedMs < turnMs) {
        context.font = fonts[next++] ?? "";
        context.measureText(sample);
      }
      if (next < fonts.length) {
        channel.port2.postMessage(null);
        return;
      }
      channel.port1.close();
      resolve();
    };
    channel.port1.onmessage = turn;
    turn();
  });
}
