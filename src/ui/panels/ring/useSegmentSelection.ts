import { type KeyboardEvent, useState } from "react";

/**
 * Which ring segment the detail line describes: the hovered one, else the one picked by click or
 * arrow keys. Kept as a position in `segments`, which stays meaningful from frame to frame.
 */
export function useSegmentSelection(segmentCount: number) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);

  const clamp = (position: number | null) =>
    position === null || segmentCount === 0 ? null : Math.min(position, segmentCount - 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (segmentCount === 0) return;
    const current = clamp(picked);
    const last = segmentCount - 1;
    const moves: Record<string, number> = {
      ArrowRight: current === null ? 0 : Math.min(last, current + 1),
      ArrowDown: current === null ? 0 : Math.min(last, current + 1),
      ArrowLeft: current === null ? last : Math.max(0, current - 1),
      ArrowUp: current === null ? last : Math.max(0, current - 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) {
      if (event.key === "Escape") setPicked(null);
      return;
    }
    event.preventDefault();
    setPicked(next);
  };

  return {
    active: clamp(hovered) ?? clamp(picked),
    setHovered,
    togglePicked: (position: number | null) =>
      setPicked((current) => (position === null || current === position ? null : position)),
    onKeyDown,
  };
}
