import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import type { WorkerCommand, WorkerReply } from "../../src/worker/protocol.ts";
import { createSimulationHost } from "../../src/worker/simulation-host.ts";

const VIEW = { ringSegments: 16, maxWaiters: 10, maxOutcomes: 10, seriesPoints: 60 };
const S = NS_PER_S;

/** A host on a hand-driven wall clock whose idle turns never run (no checkpoints are built). */
function host(query: string) {
  const replies: WorkerReply[] = [];
  let wallMs = 0;
  const h = createSimulationHost({
    createSimulation,
    post: (reply) => replies.push(reply),
    wallNowMs: () => wallMs,
    later: () => {},
  });
  const send = (command: WorkerCommand) => h.handle(command);
  send({ type: "load", query, startAtS: 0 });
  const last = <T extends WorkerReply["type"]>(type: T) =>
    replies.findLast((r): r is Extract<WorkerReply, { type: T }> => r.type === type);
  const frame = () => {
    send({ type: "frame", view: VIEW });
    return last("snapshot")?.snapshot;
  };
  const tick = (ms: number) => {
    wallMs += ms;
  };
  return { send, frame, last, tick, replies };
}

describe("the host's time travel", () => {
  it("seeks back to a moment the run passed, showing what a fresh run shows there", () => {
    const h = host("lag=2000");
    h.send({ type: "step", simMs: 30_000 });
    expect(h.last("travel")).toEqual({ type: "travel", furthestNs: 30 * S, forkedAtNs: null });
    h.send({ type: "seek", atNs: 12 * S });
    const fresh = createSimulation(parseScenario("lag=2000").scenario);
    fresh.advanceTo(12 * S);
    expect(h.frame()).toEqual(fresh.snapshot(VIEW));
  });

  it("forks where it stands when a control moves in the past, and says where", () => {
    const h = host("");
    h.send({ type: "step", simMs: 10_000 });
    h.send({ type: "set", key: "writes", value: 200 });
    h.send({ type: "step", simMs: 10_000 });
    h.send({ type: "seek", atNs: 5 * S });
    h.send({ type: "set", key: "reads", value: 300 });
    expect(h.last("travel")).toEqual({ type: "travel", furthestNs: 5 * S, forkedAtNs: 5 * S });
    const scenario = parseScenario(h.last("scenario")?.query ?? "").scenario;
    expect(scenario.writes).toEqual([{ atNs: 0, value: 20 }]);
    expect(scenario.reads.at(-1)).toEqual({ atNs: 5.001 * S, value: 300 });
  });

  it("pauses a playing run on a chosen mark and shows the moment it reports", () => {
    const h = host("lag=5000");
    h.send({ type: "breakpoints", kinds: ["firstFallback"], lagAboveMs: null });
    h.send({ type: "play", speed: 100 });
    for (let i = 0; i < 20 && h.last("breakpoint") === undefined; i++) {
      h.tick(50);
      h.frame();
    }
    const hit = h.last("breakpoint");
    expect(hit?.reason).toMatch(/fell back to etcd/);
    // The frame that carried the breakpoint answered with the paused moment, not the one before.
    const after = h.replies.slice(h.replies.indexOf(hit as WorkerReply));
    const shown = after.find((r) => r.type === "snapshot");
    expect(shown?.type === "snapshot" && shown.snapshot.nowNs).toBe(hit?.atNs);
    const fallback = shown?.type === "snapshot" ? shown.snapshot.marks : [];
    const markNs = fallback.find((m) => m.kind === "firstFallback")?.atNs ?? 0;
    // Stopped within one check of outcomes (20 ms) after the mark, which the shown snapshot holds.
    expect(hit?.atNs).toBeGreaterThanOrEqual(markNs);
    expect((hit?.atNs ?? 0) - markNs).toBeLessThanOrEqual(0.02 * S);
    h.tick(50);
    expect(h.frame()?.nowNs).toBe(hit?.atNs); // paused
  });

  it("pauses when the lag rises above the chosen level", () => {
    const h = host("lag=5000");
    h.send({ type: "breakpoints", kinds: [], lagAboveMs: 1500 });
    h.send({ type: "play", speed: 100 });
    for (let i = 0; i < 20 && h.last("breakpoint") === undefined; i++) {
      h.tick(50);
      h.frame();
    }
    expect(h.last("breakpoint")?.reason).toBe("the lag rose above 1500 ms");
    expect(h.frame()?.lagSeconds).toBeGreaterThan(1.5);
  });
});
