import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import type { WorkerReply } from "../../src/worker/protocol.ts";
import { createSimulationHost } from "../../src/worker/simulation-host.ts";
import { failingAfter } from "./failing-simulation.ts";

function hostWithClock(failAfterS?: number) {
  const replies: WorkerReply[] = [];
  let wallMs = 0;
  const host = createSimulationHost({
    createSimulation: (scenario) => {
      const sim = createSimulation(scenario);
      return failAfterS === undefined ? sim : failingAfter(sim, failAfterS);
    },
    post: (reply) => replies.push(reply),
    wallNowMs: () => wallMs,
  });
  const snapshots = () => replies.filter((reply) => reply.type === "snapshot");
  return { host, replies, snapshots, passWallMs: (ms: number) => (wallMs += ms) };
}

const frame = { type: "frame", view: SCREEN_VIEW } as const;

/**
 * A host whose wall clock moves only as the test says, and whose idle turns (`later` with no
 * delay) wait in `queued` until the test runs them; the checkpoint builder's delayed turns never
 * run. `costMs` says what moves the clock: every look at it, or every advance of a run.
 */
function hostWithTurns(costMs: { perClockLook: number } | { perAdvance: number }) {
  const replies: WorkerReply[] = [];
  const queued: (() => void)[] = [];
  const wall = { ms: 0 };
  const host = createSimulationHost({
    createSimulation: (scenario) => {
      const sim = createSimulation(scenario);
      if (!("perAdvance" in costMs)) return sim;
      const advanceTo = sim.advanceTo.bind(sim);
      sim.advanceTo = (tNs) => {
        advanceTo(tNs);
        wall.ms += costMs.perAdvance;
      };
      return sim;
    },
    post: (reply) => replies.push(reply),
    wallNowMs: () => {
      if ("perClockLook" in costMs) wall.ms += costMs.perClockLook;
      return wall.ms;
    },
    later: (callback, delayMs) => {
      if (delayMs === 0) queued.push(callback);
    },
  });
  const shownNs = () => {
    const last = replies.filter((reply) => reply.type === "snapshot").at(-1);
    return last?.type === "snapshot" ? last.snapshot.nowNs : Number.NaN;
  };
  const runTurns = () => {
    for (let turn = 0; turn < 100 && queued.length > 0; turn++) queued.shift()?.();
  };
  return { host, replies, queued, wall, shownNs, runTurns };
}

describe("createSimulationHost", () => {
  it("answers a frame request once, and only when it has something new", () => {
    const { host, snapshots } = hostWithClock();
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle(frame);
    host.handle(frame);
    expect(snapshots()).toHaveLength(1);
    host.handle({ type: "step", simMs: 100 });
    expect(snapshots()).toHaveLength(2);
  });

  it("advances a playing run by speed × wall time between frames", () => {
    const { host, snapshots, passWallMs } = hostWithClock();
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "play", speed: 10 });
    host.handle(frame);
    passWallMs(16);
    host.handle(frame);
    const last = snapshots().at(-1);
    expect(last?.type === "snapshot" && last.snapshot.nowNs).toBe(160_000_000);
  });

  it("counts at most a second of wall time per frame, so a hidden tab does not jump ahead", () => {
    const { host, snapshots, passWallMs } = hostWithClock();
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "play", speed: 1 });
    host.handle(frame);
    passWallMs(60_000);
    host.handle(frame);
    const last = snapshots().at(-1);
    expect(last?.type === "snapshot" && last.snapshot.nowNs).toBe(1_000_000_000);
  });

  it("counts all of a frame that came a few hundred ms late, so a held-up page loses no play", () => {
    const { host, snapshots, passWallMs } = hostWithClock();
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "play", speed: 1 });
    host.handle(frame);
    passWallMs(16);
    host.handle(frame);
    passWallMs(300);
    host.handle(frame);
    const last = snapshots().at(-1);
    expect(last?.type === "snapshot" && last.snapshot.nowNs).toBe(316_000_000);
  });

  it("goes on from where a seek landed: the replay's wall time is not played time", () => {
    // Every advance costs 200 ms of wall time: the seek's replay takes at least that.
    const { host, wall, shownNs } = hostWithTurns({ perAdvance: 200 });
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "step", simMs: 2000 });
    host.handle({ type: "play", speed: 1 });
    host.handle({ type: "seek", atNs: 1_000_000_000 });
    wall.ms += 16;
    host.handle(frame);
    expect(shownNs()).toBe(1_016_000_000);
  });

  it("catches a playing run up between frames with what a frame's budget left undone", () => {
    // Every look at the clock costs 30 ms of wall time: a frame's budget (12 ms) covers one slice.
    const { host, replies, queued, shownNs, runTurns } = hostWithTurns({ perClockLook: 30 });
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "play", speed: 10 });
    host.handle(frame);
    // 60 ms of wall time at 10× is 600 ms due; the answer came after one slice of 50 ms.
    expect(shownNs()).toBe(50_000_000);
    expect(queued.length).toBe(1);
    const travels = () => replies.filter((reply) => reply.type === "travel");
    const travelsBefore = travels().length;
    runTurns();
    // The turns after the answer caught up, telling the page nothing until its next frame.
    expect(travels()).toHaveLength(travelsBefore);
    host.handle(frame);
    expect(shownNs()).toBeGreaterThanOrEqual(650_000_000);
    expect(travels()).toHaveLength(travelsBefore + 1);
    expect(travels().at(-1)).toMatchObject({ furthestNs: shownNs() });
  });

  it("owes a run sought to nothing of what the run it replaced was behind by", () => {
    // Every advance costs 20 ms of wall time: a frame's budget (12 ms) covers one slice.
    const { host, wall, shownNs, runTurns } = hostWithTurns({ perAdvance: 20 });
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "play", speed: 10 });
    wall.ms += 16;
    host.handle(frame);
    // 160 ms due, 50 ms done: the run is 110 ms behind when the page seeks back to 0 s.
    expect(shownNs()).toBe(50_000_000);
    host.handle({ type: "seek", atNs: 0 });
    const soughtMs = wall.ms;
    wall.ms += 16;
    const nextFrameMs = wall.ms;
    host.handle(frame);
    runTurns();
    host.handle({ type: "pause" });
    host.handle(frame);
    // Speed × the wall time since the seek, from 0 s: nothing carried over.
    expect(shownNs()).toBe(10 * (nextFrameMs - soughtMs) * 1_000_000);
  });

  it("opens a run at the link's moment", () => {
    const { host, snapshots } = hostWithClock();
    host.handle({ type: "load", query: "writes=5", startAtS: 12.5 });
    host.handle(frame);
    const last = snapshots().at(-1);
    expect(last?.type === "snapshot" && last.snapshot.nowNs).toBe(12_500_000_000);
  });

  it("opens far into a run in turns, saying where it goes, and stops where it is on cancel", () => {
    const replies: WorkerReply[] = [];
    let wallMs = 0;
    // Every look at the clock costs 30 ms of wall time: a turn (40 ms) covers two slices.
    const host = createSimulationHost({
      createSimulation,
      post: (reply) => replies.push(reply),
      wallNowMs: () => (wallMs += 30),
    });
    const last = () => replies.filter((reply) => reply.type === "snapshot").at(-1);
    host.handle({ type: "load", query: "", startAtS: 3600 });
    host.handle(frame);
    const first = last();
    expect(first?.type === "snapshot" && first.opening).toEqual({ targetNs: 3600 * 1e9 });
    const firstNs = first?.type === "snapshot" ? first.snapshot.nowNs : 0;
    expect(firstNs).toBeGreaterThan(0);
    expect(firstNs).toBeLessThan(3600 * 1e9);
    host.handle(frame);
    const second = last();
    expect(second?.type === "snapshot" && second.snapshot.nowNs).toBeGreaterThan(firstNs);
    host.handle({ type: "cancelOpening" });
    host.handle(frame);
    const stopped = last();
    expect(stopped?.type === "snapshot" && stopped.opening).toBeUndefined();
    const stoppedNs = stopped?.type === "snapshot" ? stopped.snapshot.nowNs : 0;
    expect(stoppedNs).toBeLessThan(3600 * 1e9);
    host.handle({ type: "play", speed: 1 });
    host.handle(frame);
    const playing = last();
    expect(playing?.type === "snapshot" && playing.snapshot.nowNs).toBeGreaterThan(stoppedNs);
    expect(playing?.type === "snapshot" && playing.snapshot.nowNs).toBeLessThan(stoppedNs + 1e9);
  });

  it("sends the scenario text after a live change and after a fault", () => {
    const { host, replies } = hostWithClock();
    host.handle({ type: "load", query: "", startAtS: 1 });
    host.handle({ type: "set", key: "writes", value: 50 });
    host.handle({ type: "fault", fault: { kind: "compact" } });
    const texts = replies.flatMap((reply) => (reply.type === "scenario" ? [reply.query] : []));
    // Recorded on the next whole millisecond after now: the change applies from then on.
    expect(texts).toEqual([
      "v=3",
      "v=3&writes=20@0,50@1.001",
      "v=3&writes=20@0,50@1.001&compact=1.001",
    ]);
    expect(parseScenario(texts.at(-1) ?? "").issues).toEqual([]);
  });

  it("reports a thrown error instead of dying, and runs again after a reload", () => {
    const { host, replies, snapshots } = hostWithClock(1);
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "step", simMs: 2000 });
    expect(replies.at(-1)).toEqual({
      type: "error",
      message: "invariant broken on purpose",
    });
    host.handle({ type: "load", query: "", startAtS: 0.5 });
    host.handle(frame);
    expect(snapshots()).toHaveLength(1);
  });
});
