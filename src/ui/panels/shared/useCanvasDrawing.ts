import { useLayoutEffect, useRef } from "react";
import type { SimSnapshot } from "../../../model/index.ts";
import type { CanvasLike, CanvasSize } from "./canvasLike.ts";
import type { CanvasTheme } from "./canvasTheme.ts";
import { useCanvasTheme } from "./useCanvasTheme.ts";
import { useElementSize } from "./useElementSize.ts";

/** Draws; may return the words it printed, which the canvas then carries as `data-printed`. */
export type CanvasDraw = (
  context: CanvasLike,
  size: CanvasSize,
  snapshot: SimSnapshot,
  theme: CanvasTheme,
) => // biome-ignore lint/suspicious/noConfusingVoidType: a draw that prints no words returns nothing
readonly string[] | void;

/**
 * Draws the panel's snapshot on a canvas whenever it, `draw`, the size or the theme changes: the
 * canvas shows the moment the panel's text shows, never another. A theme change repaints too: the
 * canvas's ink comes from the theme, not from CSS. It draws in the commit that changes the text (a
 * layout effect): a passive effect may run a task later for an update React does not flush at
 * once (a seek's frame), and a frame could be painted, or the page read, between the two.
 */
export function useCanvasDrawing(snapshot: SimSnapshot, draw: CanvasDraw, fallback: CanvasSize) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(containerRef, fallback);
  const theme = useCanvasTheme();

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const printed = paintCanvas(canvas, size, (context) => draw(context, size, snapshot, theme));
    // What the canvas shows, for a check reading the page: its moment and its words.
    if (canvas !== null) {
      canvas.dataset["atNs"] = String(snapshot.nowNs);
      if (printed) canvas.dataset["printed"] = printed.join("|");
    }
  }, [snapshot, draw, size, theme]);

  return { containerRef, canvasRef, size };
}

function paintCanvas(
  canvas: HTMLCanvasElement | null,
  size: CanvasSize,
  draw: (context: CanvasLike) => ReturnType<CanvasDraw>,
): ReturnType<CanvasDraw> {
  const context = canvas?.getContext("2d");
  if (!canvas || !context) return undefined;
  const pixelRatio = window.devicePixelRatio || 1;
  const pixelWidth = Math.round(size.width * pixelRatio);
  const pixelHeight = Math.round(size.height * pixelRatio);
  // Assigning width clears the canvas and resets state, so only do it when the size changed.
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  context.clearRect(0, 0, size.width, size.height);
  return draw(context);
}
