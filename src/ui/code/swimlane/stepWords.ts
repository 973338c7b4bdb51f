import type { DelegationRow, RequestStep, WallView, WokeBy } from "../../../model/index.ts";
import { formatWall } from "../../panels/shared/format.ts";

// A recorded step in plain words, for the swimlane's labels and its text alternative.

const WOKEN_BY = /^(event|bookmark|replace|timer):/;

/** What woke a wait, as the model wrote it at the head of the step's detail. */
function wokenBy(step: RequestStep): WokeBy | null {
  const match = WOKEN_BY.exec(step.detail);
  return match === null ? null : (match[1] as WokeBy);
}

const WAKERS: Record<Exclude<WokeBy, "timer">, string> = {
  event: "woken by an event",
  bookmark: "woken by a bookmark",
  replace: "woken by a relist",
};

// The decision table's rows (upstream: cacher/delegator/interface.go ShouldDelegateList), as the reason for a decision.
const ROWS: Record<DelegationRow, string> = {
  exact: "match=Exact",
  notOlderThan: "match=NotOlderThan",
  continue: "a continue token",
  legacyExact: "RV=N with a limit (legacy exact)",
  consistent: 'RV="" asks for the newest data',
  rvZeroOrUnlimited: "RV=0, or RV=N without a limit",
  other: "no row sends it to the cache",
};

/** The step's detail: a decision with its row, a wake-up without the waker the title names. */
export function stepDetail(step: RequestStep): string {
  if (step.step === "woken") return step.detail.replace(WOKEN_BY, "").trimStart();
  const row = step.line?.startsWith("shouldDelegate.") ? step.line.slice(15) : null;
  return row !== null && row in ROWS
    ? `${step.detail}, because ${ROWS[row as DelegationRow]}`
    : step.detail;
}

type Title = string | ((step: RequestStep, wall: WallView) => string);

/** Each step's title; a function where the detail or the wall decides it. */
const TITLES: Record<RequestStep["step"], Title> = {
  arrived: "client sends",
  decision: (step) => (step.detail.startsWith("etcd") ? "sent to etcd" : "sent to the cache"),
  currentRv: "etcd's current RV",
  fresh: "fresh: no wait",
  parked: "parked",
  woken: (step, wall) => {
    const by = wokenBy(step);
    if (by === null) return "woken";
    return by === "timer" ? `woken by the ${formatWall(wall)} timer` : WAKERS[by];
  },
  served: (step) => (step.detail.startsWith("etcd") ? "served by etcd" : "served by the cache"),
  failed: "failed",
  fallback: "falls back to etcd",
  delegated: "asks etcd",
  retry: "client retries",
};

export function stepTitle(step: RequestStep, wall: WallView): string {
  const title = TITLES[step.step];
  return typeof title === "string" ? title : title(step, wall);
}
