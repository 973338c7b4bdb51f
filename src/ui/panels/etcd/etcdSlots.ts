import { numberText } from "../../../content/number-text.ts";
export type SlotState = "busy" | "free";

// Beyond this many slots individual boxes get too small to read; draw a single gauge instead.
export const MAX_SLOT_BOXES = 48;

/** etcd's concurrent range-request slots, busy ones first. */
export function etcdSlots(inFlight: number, concurrency: number): SlotState[] | null {
  if (concurrency > MAX_SLOT_BOXES) return null;
  const busy = Math.min(inFlight, concurrency);
  return Array.from({ length: concurrency }, (_, i) => (i < busy ? "busy" : "free"));
}

/** What etcd did over the last interval (all reasons), for the verdict. */
export interface RecentWork {
  requests: number;
  busySeconds: number;
  windowSeconds: number;
}

/** How loaded etcd is, in words a reader can act on: "Idle" only when it did nothing lately. */
export function etcdVerdict(
  inFlight: number,
  queued: number,
  concurrency: number,
  recent?: RecentWork,
): string {
  if (queued > 0) {
    const line = queued === 1 ? "request waits" : "requests wait";
    return `Saturated: every slot is busy and ${numberText(queued, 0)} ${line} in line.`;
  }
  if (inFlight >= concurrency) return "Every slot is busy; the next request will queue.";
  if (inFlight === 0) {
    if (recent === undefined || recent.requests === 0) return "Idle: no range request in flight.";
    const window = recent.windowSeconds.toFixed(1);
    const mean = recent.windowSeconds > 0 ? recent.busySeconds / recent.windowSeconds : 0;
    return (
      `None in flight at this instant, but etcd answered ${numberText(recent.requests)} ` +
      `requests in the last ${window} s (${mean.toFixed(2)} slots busy on average).`
    );
  }
  return "Has spare slots: requests start at once.";
}
