import { type RefObject, useEffect } from "react";
import { formatDuration } from "../shared/format.ts";
import { useFrameSource } from "../shared/frameSource.ts";
import { waiterProgress } from "./waiterProgress.ts";

/**
 * Moves the listed waiters' bars and times every frame from the newest snapshot, outside React: the
 * rows themselves are rendered a few times a second. A read that has left since keeps its last bar
 * and is dimmed until the next render drops it (listed waiters are the oldest, so a missing one
 * has left, never merely been cut from the list).
 */
export function useLiveWaiterBars(listRef: RefObject<HTMLOListElement | null>): void {
  const source = useFrameSource();
  useEffect(() => {
    if (source === null) return;
    return source.subscribe(() => {
      const latest = source.get();
      const list = listRef.current;
      if (latest === null || list === null) return;
      const waiting = new Set(latest.waiters.map((waiter) => waiter.id));
      for (const row of list.querySelectorAll<HTMLElement>("[data-waiter-id]")) {
        const left = !waiting.has(Number(row.dataset["waiterId"]));
        row.classList.toggle("wcl-waiter--left", left);
        if (left) continue;
        const progress = waiterProgress(
          {
            startNs: Number(row.dataset["startNs"]),
            deadlineNs: Number(row.dataset["deadlineNs"]),
          },
          latest.nowNs,
        );
        const fill = row.querySelector<HTMLElement>(".wcl-waiter__fill");
        const time = row.querySelector<HTMLElement>(".wcl-waiter__time");
        if (fill) fill.style.transform = `scaleX(${progress.fraction.toFixed(3)})`;
        if (time) time.textContent = formatDuration(progress.waitedNs);
      }
    });
  }, [source, listRef]);
}
