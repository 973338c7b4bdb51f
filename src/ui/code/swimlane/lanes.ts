import type { Nanos, RequestStep } from "../../../model/index.ts";

// Which lane of the swimlane a recorded step is drawn in, and the spans of time a request spent
// waiting on one party (etcd answering, the cache catching up, the client backing off).

export type Lane = "client" | "delegator" | "etcd" | "cache";

export const LANES: readonly { id: Lane; label: string }[] = [
  { id: "client", label: "client" },
  { id: "delegator", label: "delegator" },
  { id: "etcd", label: "etcd" },
  { id: "cache", label: "watch cache" },
];

const ETCD_ANSWER_LINES = new Set([
  "getList.delegate",
  "getList.notReady",
  "getList.expired",
  "getList.fallback",
]);

export function laneOf(step: RequestStep): Lane {
  switch (step.step) {
    case "arrived":
    case "retry":
      return "client";
    case "currentRv":
      return "etcd";
    case "fresh":
    case "parked":
    case "woken":
      return "cache";
    case "served":
    case "failed":
      if (step.line !== null && ETCD_ANSWER_LINES.has(step.line)) return "etcd";
      return step.line?.startsWith("cacheList.") ? "cache" : "delegator";
    case "decision":
    case "fallback":
    case "delegated":
      return "delegator";
  }
}

interface Span {
  lane: Lane;
  fromNs: Nanos;
  toNs: Nanos;
  /** Still going on at `endNs` (the request is live). */
  open: boolean;
  /** What the request waited for, in a word or two. */
  what: string;
}

/** The waits between steps; a wait the request is still in runs to `endNs`. */
export function spansOf(steps: readonly RequestStep[], endNs: Nanos, live: boolean): Span[] {
  const spans: Span[] = [];
  steps.forEach((step, i) => {
    const next = steps[i + 1];
    const until = (lane: Lane, what: string) => {
      if (next !== undefined)
        spans.push({ lane, fromNs: step.atNs, toNs: next.atNs, open: false, what });
      else if (live) spans.push({ lane, fromNs: step.atNs, toNs: endNs, open: true, what });
    };
    if (step.step === "parked") until("cache", "parked");
    else if (step.step === "delegated" || step.step === "fallback") until("etcd", "listing");
    else if (step.step === "retry") until("client", "backing off");
    else if (step.step === "decision" && next?.step === "currentRv") until("etcd", "current RV");
  });
  return spans;
}
