import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { hostSingle } from "../../src/worker/hosted-run.ts";
import { createTimeTravel } from "../../src/worker/time-travel.ts";

const S = NS_PER_S;

/**
 * Time travel over a run played to 60 s, on a wall clock that stands still, whose idle turns run
 * when the test says; `idleUntilMs` is what the host would say about the worker's time.
 */
function played(builtInMs: number) {
  const queue: (() => void)[] = [];
  const wallMs = 1000;
  let idleUntilMs = Number.POSITIVE_INFINITY;
  const travel = createTimeTravel({
    create: (scenario) => hostSingle(createSimulation, scenario),
    wallNowMs: () => wallMs,
    later: (callback) => queue.push(callback),
    idleUntilMs: () => idleUntilMs,
  });
  const live = hostSingle(createSimulation, parseScenario("").scenario);
  travel.start(live, builtInMs);
  for (let t = S; t <= 60 * S; t += S) {
    live.advanceTo(t);
    travel.reached(live);
  }
  return {
    travel,
    idle(untilMs: number) {
      idleUntilMs = wallMs + untilMs;
    },
    turns(n: number) {
      for (let i = 0; i < n && queue.length > 0; i++) queue.shift()?.();
    },
  };
}

describe("the checkpoint builder beside a playing run", () => {
  it("builds nothing while the live run is behind the wall clock, and builds once idle", () => {
    const h = played(0);
    h.idle(Number.NEGATIVE_INFINITY);
    h.turns(20);
    expect(h.travel.checkpointTimes()).toEqual([]);
    h.idle(Number.POSITIVE_INFINITY);
    h.turns(20);
    expect(h.travel.checkpointTimes()).toEqual([10, 20, 30, 40, 50, 60].map((t) => t * S));
  });

  it("starts no replay before the next frame when building its run takes longer", () => {
    const slow = played(50);
    slow.idle(10);
    slow.turns(20);
    expect(slow.travel.checkpointTimes()).toEqual([]);
    const quick = played(5);
    quick.idle(10);
    quick.turns(20);
    expect(quick.travel.checkpointTimes()).toEqual([10, 20, 30, 40, 50, 60].map((t) => t * S));
  });
});
