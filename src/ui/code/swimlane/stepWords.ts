import type { RequestStep, WokeBy } from "../../../sim/apiserver/request-context.ts";

// A recorded step in plain words, for the swimlane's labels and its text alternative.

const WOKEN_BY = /^(event|bookmark|replace|timer):/;

/** What woke a wait, as the model wrote it at the head of the step's detail. */
function wokenBy(step: RequestStep): WokeBy | null {
  const match = WOKEN_BY.exec(step.detail);
  return match === null ? null : (match[1] as WokeBy);
}

const WAKERS: Record<WokeBy, string> = {
  event: "woken by an event",
  bookmark: "woken by a bookmark",
  replace: "woken by a relist",
  timer: "woken by the 3 s timer",
};

/** The step's detail without the waker, which the title already names. */
export function stepDetail(step: RequestStep): string {
  return step.step === "woken" ? step.detail.replace(WOKEN_BY, "").trimStart() : step.detail;
}

export function stepTitle(step: RequestStep): string {
  switch (step.step) {
    case "arrived":
      return "client sends";
    case "decision":
      return step.detail.startsWith("etcd") ? "sent to etcd" : "sent to the cache";
    case "currentRv":
      return "etcd's current RV";
    case "fresh":
      return "fresh: no wait";
    case "parked":
      return "parked";
    case "woken": {
      const by = wokenBy(step);
      return by === null ? "woken" : WAKERS[by];
    }
    case "served":
      return step.detail.startsWith("etcd") ? "served by etcd" : "served by the cache";
    case "failed":
      return "failed";
    case "fallback":
      return "falls back to etcd";
    case "delegated":
      return "asks etcd";
    case "retry":
      return "client retries";
  }
}
