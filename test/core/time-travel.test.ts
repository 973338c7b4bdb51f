import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScenario, type Scenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import type { SimulationApi } from "../../src/sim/simulation-api.ts";
import type { SimSnapshot } from "../../src/sim/snapshot.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import {
  BASE_SPACING_NS,
  BUDGET_BYTES,
  Checkpoints,
  GRID_POINTS,
  SPARES,
} from "../../src/worker/checkpoints.ts";
import { type HostedRun, hostSingle } from "../../src/worker/hosted-run.ts";
import { bytesOnly } from "../../src/worker/run-weight.ts";
import { scenarioUntil } from "../../src/worker/scenario-until.ts";
import { SizeHistory } from "../../src/worker/size-history.ts";
import { type BuilderState, createTimeTravel } from "../../src/worker/time-travel.ts";

const VIEW = { ringSegments: 32, maxWaiters: 50, maxOutcomes: 20, seriesPoints: 120 };
const S = NS_PER_S;

/** A controller whose idle turns run only when the test drains them. */
function harness(query: string, onBuilder?: (state: BuilderState) => void) {
  const queue: (() => void)[] = [];
  const travel = createTimeTravel({
    create: (scenario) => hostSingle(createSimulation, scenario),
    wallNowMs: () => performance.now(),
    later: (callback) => queue.push(callback),
    ...(onBuilder === undefined ? {} : { onBuilder }),
  });
  const drain = () => {
    for (let guard = 0; queue.length > 0 && guard < 100_000; guard++) queue.shift()?.();
  };
  let live: HostedRun = hostSingle(createSimulation, parseScenario(query).scenario);
  travel.start(live);
  return {
    travel,
    drain,
    get live() {
      return live;
    },
    play(toNs: number) {
      for (let t = live.nowNs; t < toNs; ) {
        t = Math.min(t + S, toNs);
        live.advanceTo(t);
        travel.reached(live);
      }
    },
    seek(atNs: number) {
      live = travel.seek(live, atNs);
    },
    fork() {
      const fork = travel.forkIfPast(live);
      if (fork !== null) live = fork.run;
      return fork;
    },
  };
}

/** What a fresh replay of `scenario` shows at `atNs`. */
function replayed(scenario: Scenario, atNs: number) {
  const run = createSimulation(scenario);
  run.advanceTo(atNs);
  return run;
}

const same = (a: SimulationApi, b: SimulationApi) => {
  const strip = (s: SimSnapshot) => ({ ...s, series: null });
  expect(a.nowNs).toBe(b.nowNs);
  expect(a.traceHash()).toBe(b.traceHash());
  expect(strip(a.snapshot(VIEW))).toEqual(strip(b.snapshot(VIEW)));
  expect(a.snapshot(VIEW).series).toEqual(b.snapshot(VIEW).series);
};

describe("seeking", () => {
  it("a seek backwards then forwards shows the same snapshot as before", () => {
    const h = harness("lag=2500");
    h.play(90 * S);
    h.drain();
    const before = h.live.snapshot(VIEW);
    const hashBefore = h.live.traceHash();
    h.seek(37 * S);
    same(h.live, replayed(h.live.scenario, 37 * S));
    h.seek(75 * S); // from the checkpoint at 60 s
    same(h.live, replayed(h.live.scenario, 75 * S));
    h.seek(90 * S);
    expect(h.live.traceHash()).toBe(hashBefore);
    expect(h.live.snapshot(VIEW)).toEqual(before);
  });

  it("replays the past from a checkpoint made before later live changes", () => {
    const h = harness("");
    h.play(45 * S);
    h.drain();
    expect(h.travel.checkpointTimes()).toEqual([10, 20, 30, 40].map((t) => t * S));
    h.live.setLive("lag", 4000);
    h.live.inject({ kind: "stall", durationS: 5 });
    h.live.inject({ kind: "herd", clients: 300 });
    h.play(80 * S);
    h.seek(10 * S); // the live run parks at 80 s; the run at 10 s is replayed from 0
    h.seek(47 * S); // from the checkpoint at 40 s, which catches up with the changes at 45 s
    same(h.live, replayed(h.live.scenario, 47 * S));
    h.play(80 * S);
    same(h.live, replayed(h.live.scenario, 80 * S));
  });

  it("tells what the builder has built, and tells it again after every seek", () => {
    const states: BuilderState[] = [];
    const h = harness("", (state) => states.push(state));
    h.play(45 * S);
    h.drain();
    expect(states.at(-1)).toEqual({ checkpoints: 4, idle: true });
    states.length = 0;
    h.seek(25 * S); // takes the point at 20 s, parks the live run at 45 s as a spare
    expect(states).toEqual([]);
    h.drain();
    expect(h.travel.checkpointTimes()).toEqual([10, 20, 30, 40, 45].map((t) => t * S));
    expect(states.at(-1)).toEqual({ checkpoints: 5, idle: true });
    expect(states.slice(0, -1).every((state) => !state.idle)).toBe(true);
    states.length = 0;
    h.seek(45 * S); // the spare: a spare again at 25 s, nothing to build, said all the same
    h.drain();
    expect(states).toEqual([{ checkpoints: 5, idle: true }]);
    h.drain();
    expect(states).toHaveLength(1);
  });

  it("clamps a seek to the run so far", () => {
    const h = harness("");
    h.play(12 * S);
    h.seek(50 * S);
    expect(h.live.nowNs).toBe(12 * S);
    h.seek(-5);
    expect(h.live.nowNs).toBe(0);
  });
});

describe("checkpoints sharing etcd's log with the live run", () => {
  // Parked runs and the live one keep one copy of each full chunk of etcd's log (event-log.ts):
  // a seek through a checkpoint, the run after it and a fork from the past must each be what a
  // straight run shows.
  const heavyish = fc
    .record({
      seed: fc.integer({ min: 0, max: 1000 }),
      writes: fc.integer({ min: 400, max: 1500 }),
      reads: fc.integer({ min: 10, max: 400 }),
      watchers: fc.integer({ min: 0, max: 20 }),
      compaction: fc.integer({ min: 4, max: 25 }),
      lag: fc.constantFrom(0, 1500),
    })
    .map((s) =>
      Object.entries(s)
        .map(([key, value]) => `${key}=${value}`)
        .join("&"),
    );

  it("gives a straight run's snapshot and trace at the target and after it", {
    timeout: 120_000,
  }, () => {
    fc.assert(
      fc.property(heavyish, fc.integer({ min: 21, max: 39 }), (query, targetS) => {
        const h = harness(query);
        h.play(40 * S);
        h.drain();
        expect(h.travel.checkpointTimes(), query).toEqual([10, 20, 30, 40].map((t) => t * S));
        h.seek(targetS * S); // from the checkpoint at 20 or 30 s
        same(h.live, replayed(h.live.scenario, targetS * S));
        h.play(50 * S);
        same(h.live, replayed(h.live.scenario, 50 * S));
        // A change in the past forks: the log's chunks from there on differ from the old future's.
        h.seek(targetS * S);
        h.fork();
        h.live.setLive("writes", 300);
        h.play(45 * S);
        same(h.live, replayed(h.live.scenario, 45 * S));
      }),
      { seed: 20261201, numRuns: 4 },
    );
  });
});

describe("forking", () => {
  it("a change while viewing the past drops the scenario's later changes", () => {
    const h = harness("");
    h.play(10 * S);
    h.live.setLive("writes", 300);
    h.play(30 * S);
    h.live.inject({ kind: "compact" });
    h.play(40 * S);
    h.seek(5 * S);
    const fork = h.fork();
    expect(fork?.atNs).toBe(5 * S);
    expect(h.travel.furthestNs).toBe(5 * S);
    expect(h.live.scenario.writes).toEqual([{ atNs: 0, value: 20 }]);
    expect(h.live.scenario.compact).toEqual([]);
    h.live.setLive("reads", 500);
    h.play(20 * S);
    same(h.live, replayed(h.live.scenario, 20 * S));
  });

  it("does not fork at the furthest moment", () => {
    const h = harness("");
    h.play(10 * S);
    expect(h.fork()).toBeNull();
  });

  it("replays from 0 when the fork drops a stall the run already held items for", () => {
    const h = harness("lag=3000");
    h.play(10 * S);
    h.live.inject({ kind: "stall", durationS: 4 });
    h.play(20 * S);
    h.seek(9 * S);
    h.fork();
    expect(h.live.scenario.stall).toEqual([]);
    h.play(15 * S);
    same(h.live, replayed(h.live.scenario, 15 * S));
  });
});

describe("scenarioUntil", () => {
  it("keeps schedule points and faults up to the moment, and says whether a stall went", () => {
    const { scenario } = parseScenario("writes=20@0,50@10,80@30&stall=5-6,40-45&herd=100@50");
    const until = scenarioUntil(scenario, 20 * S);
    expect(until.scenario.writes.map((p) => p.value)).toEqual([20, 50]);
    expect(until.scenario.stall).toHaveLength(1);
    expect(until.scenario.herd).toEqual([]);
    expect(until.droppedStall).toBe(true);
  });
});

describe("Checkpoints", () => {
  const fake = (nowNs: number) => ({ nowNs }) as HostedRun;
  const LIGHT = 5_000_000;

  /** Plays to 30 minutes, parking every missing grid point and a spare every 7 s. */
  function longRun(runBytes: number, check: (checkpoints: Checkpoints) => void) {
    const checkpoints = new Checkpoints();
    for (let furthest = S; furthest <= 30 * 60 * S; furthest += 7 * S) {
      for (
        let t = checkpoints.missing(furthest, bytesOnly(runBytes));
        t !== null;
        t = checkpoints.missing(furthest, bytesOnly(runBytes))
      ) {
        checkpoints.park(fake(t), true, bytesOnly(runBytes));
      }
      checkpoints.park(fake(furthest - 3 * S), false, bytesOnly(runBytes));
      check(checkpoints);
    }
    return checkpoints;
  }

  it("stays within the grid and spares however long the run, thinning as it grows", () => {
    const checkpoints = longRun(LIGHT, (c) => {
      expect(c.size).toBeLessThanOrEqual(GRID_POINTS + SPARES);
    });
    // 30 minutes: every 40 s, and the first 15 of the odd points 20 s off them.
    expect(checkpoints.spacingNs).toBe(BASE_SPACING_NS * 2);
    expect(checkpoints.times().slice(0, 3)).toEqual([20 * S, 40 * S, 60 * S]);
  });

  it("fills the odd points a heavy run's budget allows, so no room is left unused", () => {
    // Room for 8 parked runs beside the live one: 2 spares and 6 grid points.
    const heavy = 43_000_000;
    const checkpoints = new Checkpoints();
    for (
      let t = checkpoints.missing(600 * S, bytesOnly(heavy));
      t !== null;
      t = checkpoints.missing(600 * S, bytesOnly(heavy))
    ) {
      checkpoints.park(fake(t), true, bytesOnly(heavy));
    }
    // The even points alone would be 160, 320 and 480 s.
    expect(checkpoints.times()).toEqual([80, 160, 240, 320, 400, 480].map((t) => t * S));
    // The runs grow heavier: room for 4 points; the odd ones go first. A 10-minute run of
    // reads=10000&writes=1000&watchers=100 is estimated at about 51 MB (docs/benchmarks.md at
    // 97e105f, "Ring as columns"): room for 6 parked runs if each weighed that much (the next test
    // weighs each by its moment, as the builder does).
    expect(checkpoints.missing(600 * S, bytesOnly(51_400_000))).toBeNull();
    expect(checkpoints.times()).toEqual([80, 160, 320, 480].map((t) => t * S));
  });

  it("weighs each point by what the run held there, so a heavy run's lighter past fills the budget", () => {
    // A run that grows from 20 MB to 51 MB over 10 minutes, as (b) does: its live run and two
    // spares take 154 MB, and the points weigh what the run held at their moment.
    const live = 51_400_000;
    const sizeAt = (tNs: number) => bytesOnly(20_000_000 + (31_000_000 * tNs) / (600 * S));
    const checkpoints = new Checkpoints();
    for (
      let t = checkpoints.missing(600 * S, bytesOnly(live), sizeAt);
      t !== null;
      t = checkpoints.missing(600 * S, bytesOnly(live), sizeAt)
    ) {
      checkpoints.park(fake(t), true, sizeAt(t), bytesOnly(live));
    }
    // Six points where the live run's weight alone would leave room for four (80, 160, 320, 480).
    expect(checkpoints.times()).toEqual([80, 160, 240, 320, 400, 480].map((t) => t * S));
    expect(checkpoints.bytes() + 3 * live).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("counts once what runs of a scenario share, so the grid is as dense as their changes allow", () => {
    // Each run holds 3 MB of its own and shares the full chunks of its last 60 s of history, 0.2 MB
    // a second: 15 MB alone, room for 23 points if nothing were shared.
    const at = (tNs: number) => ({
      own: 3_000_000,
      shared: [
        { column: "main:log", from: Math.max(0, tNs / S - 60), to: tNs / S, bytesPerSlot: 200_000 },
      ],
    });
    const live = at(600 * S);
    const checkpoints = new Checkpoints();
    for (
      let t = checkpoints.missing(600 * S, live, at);
      t !== null;
      t = checkpoints.missing(600 * S, live, at)
    ) {
      checkpoints.park(fake(t), true, at(t), live);
    }
    expect(checkpoints.spacingNs).toBe(BASE_SPACING_NS);
    expect(checkpoints.size).toBe(GRID_POINTS);
    // Their own 180 MB and the union of their history, 600 s at 0.2 MB.
    expect(checkpoints.bytes()).toBe(GRID_POINTS * 3_000_000 + 600 * 200_000);
    const flat = new Checkpoints();
    for (let t = flat.missing(600 * S, bytesOnly(15_000_000)); t !== null; ) {
      flat.park(fake(t), true, bytesOnly(15_000_000));
      t = flat.missing(600 * S, bytesOnly(15_000_000));
    }
    expect(flat.size).toBe(23);
  });

  it("parks fewer runs when runs are heavy, keeping them and the live one within budget", () => {
    const heavy = 30_000_000;
    longRun(heavy, (c) => {
      expect((c.size + 1) * heavy).toBeLessThanOrEqual(BUDGET_BYTES);
    });
    const tooHeavy = longRun(BUDGET_BYTES / 2, (c) => {
      expect(c.size).toBeLessThanOrEqual(1);
    });
    expect(tooHeavy.times()).toEqual([(30 * 60 - 3) * S]);
  });

  it("takes the latest run at or before a moment", () => {
    const checkpoints = new Checkpoints();
    for (const t of [20, 40, 60]) checkpoints.park(fake(t * S), true, bytesOnly(LIGHT));
    expect(checkpoints.take(59 * S)?.nowNs).toBe(40 * S);
    expect(checkpoints.take(10 * S)).toBeNull();
    expect(checkpoints.times()).toEqual([20 * S, 60 * S]);
  });
});

describe("SizeHistory", () => {
  it("weighs a moment by the heaviest estimate on either side of it, and forgets a dropped future", () => {
    const sizes = new SizeHistory();
    expect(sizes.at(40 * S, bytesOnly(9)).own).toBe(9);
    sizes.record(25 * S, bytesOnly(3));
    sizes.record(39 * S, bytesOnly(5));
    sizes.record(41 * S, bytesOnly(4));
    expect(sizes.at(40 * S, bytesOnly(9)).own).toBe(5);
    sizes.record(70 * S, bytesOnly(8));
    expect(sizes.at(80 * S, bytesOnly(9)).own).toBe(8);
    sizes.dropAfter(50 * S);
    expect(sizes.at(80 * S, bytesOnly(9)).own).toBe(9);
    expect(sizes.at(40 * S, bytesOnly(9)).own).toBe(5);
  });
});
