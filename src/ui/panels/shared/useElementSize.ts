import { type RefObject, useEffect, useState } from "react";
import type { CanvasSize } from "./canvasLike.ts";

/** Tracks an element's content box; keeps `fallback` where ResizeObserver is missing (jsdom). */
export function useElementSize(
  ref: RefObject<HTMLElement | null>,
  fallback: CanvasSize,
): CanvasSize {
  const [size, setSize] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (!box || box.width === 0 || box.height === 0) return;
      setSize((previous) =>
        previous.width === box.width && previous.height === box.height
          ? previous
          : { width: box.width, height: box.height },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
