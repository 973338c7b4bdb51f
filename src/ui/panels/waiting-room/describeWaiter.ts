import type { OutcomeView, WaiterView } from "../../../model/index.ts";
import { formatCount, formatDuration, formatWaited } from "../shared/format.ts";
import { outcomeStyles } from "../shared/outcomes.ts";
import { readKindStyles } from "../shared/readKinds.ts";
import type { WaiterProgress } from "./waiterProgress.ts";

export function describeWaiter(
  waiter: WaiterView,
  progress: WaiterProgress,
  cacheRv: number,
): string {
  const kind = readKindStyles[waiter.kind].label;
  const behind = waiter.targetRv - cacheRv;
  const gap = behind > 0 ? `${formatCount(behind)} behind` : "caught up, waking";
  const wall = formatDuration(waiter.deadlineNs - waiter.startNs);
  return (
    `${kind} read #${waiter.id} waits for RV ${formatCount(waiter.targetRv)}; the cache is at ` +
    `${formatCount(cacheRv)} (${gap}). Waited ${formatDuration(progress.waitedNs)}, ` +
    `${formatDuration(progress.remainingNs)} left before the ${wall} wall.`
  );
}

export function describeDeparture(outcome: OutcomeView): string {
  const kind = readKindStyles[outcome.kind].label;
  const result = outcomeStyles[outcome.outcome].label;
  const message = outcome.message ? ` — ${outcome.message}` : "";
  return `${kind} read #${outcome.id} waited ${formatWaited(outcome.waitedNs)} → ${result} (${outcome.code})${message}`;
}
