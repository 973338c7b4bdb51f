import { describe, expect, it } from "vitest";
import { createSimulation } from "../../src/sim/simulation.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import type { WorkerReply } from "../../src/worker/protocol.ts";
import { createSimulationHost } from "../../src/worker/simulation-host.ts";

function host() {
  const replies: WorkerReply[] = [];
  const handler = createSimulationHost({
    createSimulation: (scenario) => createSimulation(scenario),
    post: (reply) => replies.push(reply),
    wallNowMs: () => 0,
  });
  const lastSnapshot = () => {
    const snapshots = replies.filter((reply) => reply.type === "snapshot");
    const last = snapshots.at(-1);
    if (last?.type !== "snapshot") throw new Error("no snapshot yet");
    return last;
  };
  return { handle: handler.handle, lastSnapshot, replies };
}

const frame = { type: "frame", view: SCREEN_VIEW } as const;
const twin = { query: "lag=4000", differing: ["lag"] } as const;

describe("the simulation host with a twin run", () => {
  it("answers each frame with both runs at the same simulated moment", () => {
    const { handle, lastSnapshot } = host();
    handle({ type: "load", query: "", startAtS: 2, twin });
    handle(frame);
    const { snapshot, twin: b } = lastSnapshot();
    expect(b?.nowNs).toBe(snapshot.nowNs);
    expect(snapshot.nowNs).toBe(2_000_000_000);
    expect(b?.lagSeconds).not.toBe(snapshot.lagSeconds);
  });

  it("answers the metrics of either run", () => {
    const { handle, replies } = host();
    handle({ type: "load", query: "", startAtS: 8, twin });
    handle({ type: "prometheus", requestId: 1 });
    handle({ type: "prometheus", requestId: 2, twin: true });
    const texts = replies.flatMap((reply) => (reply.type === "prometheus" ? [reply.text] : []));
    const lag = (text: string | undefined) =>
      text?.match(/^watchcachelab_cache_lag_seconds (\S+)$/m)?.[1];
    expect(Number(lag(texts[0]))).toBeLessThan(1);
    expect(Number(lag(texts[1]))).toBeGreaterThan(3);
  });

  it("seeks both runs together, backwards and forwards", () => {
    const { handle, lastSnapshot } = host();
    handle({ type: "load", query: "", startAtS: 0, twin });
    handle({ type: "step", simMs: 3000 });
    handle(frame);
    const at3 = lastSnapshot();
    handle({ type: "seek", atNs: 1_000_000_000 });
    handle(frame);
    expect(lastSnapshot().snapshot.nowNs).toBe(1_000_000_000);
    expect(lastSnapshot().twin?.nowNs).toBe(1_000_000_000);
    handle({ type: "seek", atNs: 3_000_000_000 });
    handle(frame);
    expect(lastSnapshot().twin?.lagSeconds).toBe(at3.twin?.lagSeconds);
    expect(lastSnapshot().twin?.cacheRv).toBe(at3.twin?.cacheRv);
    expect(lastSnapshot().snapshot.cacheRv).toBe(at3.snapshot.cacheRv);
  });

  it("keeps the twin through a reset and drops it on request, the main run going on", () => {
    const { handle, lastSnapshot } = host();
    handle({ type: "load", query: "", startAtS: 0, twin });
    handle({ type: "step", simMs: 500 });
    handle({ type: "reset" });
    handle(frame);
    expect(lastSnapshot().twin?.nowNs).toBe(0);
    handle({ type: "step", simMs: 500 });
    handle({ type: "dropTwin" });
    handle(frame);
    expect(lastSnapshot().twin).toBeUndefined();
    expect(lastSnapshot().snapshot.nowNs).toBe(500_000_000);
  });
});
