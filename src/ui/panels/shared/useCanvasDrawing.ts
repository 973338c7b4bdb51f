import { useEffect, useRef } from "react";
import type { CanvasLike, CanvasSize } from "./canvasLike.ts";
import { useElementSize } from "./useElementSize.ts";

export type CanvasDraw = (context: CanvasLike, size: CanvasSize) => void;

/**
 * Redraws a canvas imperatively whenever `draw` changes (callers memoise it on the snapshot), so a
 * 60 Hz snapshot stream costs one canvas paint per frame and no DOM work.
 */
export function useCanvasDrawing(draw: CanvasDraw | null, fallback: CanvasSize) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(containerRef, fallback);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !draw) return;
    const context = canvas.getContext("2d");
    if (!context) return;
    const pixelRatio = window.devicePixelRatio || 1;
    const pixelWidth = Math.round(size.width * pixelRatio);
    const pixelHeight = Math.round(size.height * pixelRatio);
    // Assigning width clears the canvas and resets state, so only do it when the size changed.
    if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
    if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
    context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    context.clearRect(0, 0, size.width, size.height);
    draw(context, size);
  }, [draw, size]);

  return { containerRef, canvasRef, size };
}
