/**
 * Runs `run` in a task of its own after the browser's next rendering update: an animation frame
 * callback runs just before the frame's style and layout, and a timeout set there runs after
 * them. Work started so does not share a task with the frame before it, nor with that frame's
 * layout. A page that draws no frames (a tab in the background) gets `run` after `capMs` anyway.
 * The returned call cancels.
 */
export function afterNextFrame(run: () => void, capMs = 100): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (done) return;
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(go, 0);
  });
  const cap = setTimeout(go, capMs);
  function cancel() {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(cap);
  }
  return cancel;
}
