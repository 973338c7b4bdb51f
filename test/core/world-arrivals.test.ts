import { describe, expect, it } from "vitest";
import { RandomStream } from "../../src/sim/rng.ts";
import { appendToSchedule, constantSchedule } from "../../src/sim/scenario/schedule.ts";
import { NS_PER_S, seconds } from "../../src/sim/time.ts";
import { ArrivalProcess } from "../../src/sim/world/arrivals.ts";

function times(process: ArrivalProcess, untilNs: number, at?: [number, () => void]): number[] {
  const out: number[] = [];
  let hook = at;
  for (let guard = 0; guard < 1_000_000; guard++) {
    if (hook !== undefined && hook[0] <= process.nextNs) {
      hook[1]();
      hook = undefined;
      continue;
    }
    if (process.nextNs > untilNs) break;
    out.push(process.nextNs);
    process.advance();
  }
  return out;
}

describe("ArrivalProcess", () => {
  it("spaces uniform arrivals of a segment at T + k/r", () => {
    const process = new ArrivalProcess(constantSchedule(4), "uniform", new RandomStream(1, "x"), 0);
    expect(times(process, seconds(1))).toEqual([0.25, 0.5, 0.75, 1].map((s) => s * NS_PER_S));
  });

  it("draws Poisson arrivals at the scheduled mean rate", () => {
    const process = new ArrivalProcess(
      constantSchedule(1000),
      "poisson",
      new RandomStream(3, "x"),
      0,
    );
    const n = times(process, seconds(20)).length;
    expect(n).toBeGreaterThan(19_000);
    expect(n).toBeLessThan(21_000);
  });

  for (const mode of ["poisson", "uniform"] as const) {
    it(`gives the same ${mode} arrivals for a change known ahead and one made live`, () => {
      const planned = appendToSchedule(constantSchedule(50), seconds(2.5), 400);
      const replay = new ArrivalProcess(planned, mode, new RandomStream(9, "x"), 0);
      const replayTimes = times(replay, seconds(2.5) - 1);
      replay.replan(planned, seconds(2.5));
      replayTimes.push(...times(replay, seconds(5)));

      const live = new ArrivalProcess(constantSchedule(50), mode, new RandomStream(9, "x"), 0);
      const liveTimes = times(live, seconds(2.5) - 1, [
        seconds(2.4),
        () => live.reschedule(planned),
      ]);
      live.replan(planned, seconds(2.5));
      liveTimes.push(...times(live, seconds(5)));
      expect(liveTimes).toEqual(replayTimes);
      expect(liveTimes.filter((t) => t > seconds(2.5)).length).toBeGreaterThan(500);
    });
  }

  it("waits out a zero rate until the schedule raises it", () => {
    const schedule = appendToSchedule(constantSchedule(0), seconds(3), 10);
    const process = new ArrivalProcess(schedule, "poisson", new RandomStream(1, "x"), 0);
    expect(process.nextNs).toBeGreaterThan(seconds(3));
  });
});
