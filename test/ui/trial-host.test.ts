import { describe, expect, it } from "vitest";
import { createSimulation } from "../../src/sim/simulation.ts";
import { startApp } from "../../src/state/runtime.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { createInProcessClient } from "../../src/worker/in-process-client.ts";
import type { WorkerReply } from "../../src/worker/protocol.ts";
import { createSimulationHost } from "../../src/worker/simulation-host.ts";
import { runTrial } from "../../src/worker/trial-run.ts";

// Trial runs in the worker: a run apart from the live one (a challenge's check, a scrape's fit),
// run in short turns that let the live run's frames through, answered with the readings a run of
// its own gives, and dropped when the page no longer wants them.

const QUERY = "writes=50&reads=40&mix=consistent:1&lag=2450&jitter=200";
const frame = { type: "frame", view: SCREEN_VIEW } as const;

/** A host whose idle turns wait in `queued` until the test runs them; each clock look costs 2 ms. */
function hostWithTurns() {
  const replies: WorkerReply[] = [];
  const queued: (() => void)[] = [];
  let wallMs = 0;
  const host = createSimulationHost({
    createSimulation,
    post: (reply) => replies.push(reply),
    wallNowMs: () => (wallMs += 2),
    later: (callback, delayMs) => {
      if (delayMs === 0) queued.push(callback);
    },
  });
  const trialReplies = () => replies.filter((r) => r.type === "trial" || r.type === "trialError");
  return { host, replies, queued, trialReplies };
}

describe("a trial run in the worker", () => {
  it("runs in turns the live run's frames get between, and answers as a run of its own", () => {
    const { host, replies, queued, trialReplies } = hostWithTurns();
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "play", speed: 1 });
    host.handle({ type: "trial", requestId: 7, query: QUERY, atS: [5, 35] });
    expect(trialReplies()).toEqual([]);
    let turns = 0;
    let framesBetween = 0;
    while (queued.length > 0 && turns < 10_000) {
      queued.shift()?.();
      turns++;
      if (trialReplies().length === 0) {
        const before = replies.length;
        host.handle(frame);
        if (replies.slice(before).some((r) => r.type === "snapshot")) framesBetween++;
      }
    }
    expect(turns).toBeGreaterThan(1);
    expect(framesBetween).toBeGreaterThan(0);
    const [answer] = trialReplies();
    expect(answer).toEqual({
      type: "trial",
      requestId: 7,
      readings: runTrial(createSimulation, QUERY, [5, 35]),
    });
    if (answer?.type !== "trial") throw new Error("no trial answer");
    expect(answer.readings.map((r) => r.atS)).toEqual([5, 35]);
    expect(answer.readings[1]?.snapshot.nowNs).toBe(35e9);
    expect(answer.readings[1]?.text).toContain("apiserver_watch_cache_consistent_read_total");
  });

  it("answers nothing once cancelled, and goes on to the next one asked", () => {
    const { host, queued, trialReplies } = hostWithTurns();
    host.handle({ type: "trial", requestId: 1, query: QUERY, atS: [60] });
    host.handle({ type: "trial", requestId: 2, query: "", atS: [1] });
    queued.shift()?.();
    host.handle({ type: "cancelTrial", requestId: 1 });
    for (let turn = 0; turn < 10_000 && queued.length > 0; turn++) queued.shift()?.();
    expect(trialReplies().map((r) => r.requestId)).toEqual([2]);
  });
});

describe("the page's trial requests", () => {
  it("get the worker's readings, and a cancelled one rejects with its signal's reason", async () => {
    const runtime = startApp({
      client: createInProcessClient(createSimulation),
      location: { hash: "", search: "" },
      writeQuery: () => {},
      scheduleFrame: () => () => {},
      wallNowMs: () => performance.now(),
    });
    const controller = new AbortController();
    const dropped = runtime.trial(QUERY, [60], controller.signal);
    controller.abort(new Error("a newer read took over"));
    await expect(dropped).rejects.toThrow("a newer read took over");
    const readings = await runtime.trial("", [2]);
    expect(readings).toEqual(runTrial(createSimulation, "", [2]));
    runtime.stop();
  });
});
