import { describe, expect, it } from "vitest";
import { createSimulation } from "../../src/sim/simulation.ts";
import { startApp } from "../../src/state/runtime.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { createListeners, type SimulationClient } from "../../src/worker/client.ts";
import { createInProcessClient } from "../../src/worker/in-process-client.ts";
import type { WorkerCommand, WorkerReply } from "../../src/worker/protocol.ts";
import { createSimulationHost } from "../../src/worker/simulation-host.ts";
import { failingAfter } from "./failing-simulation.ts";

// The page and the worker may come from different builds (a cached worker, a stale tab): a
// message one side does not know is a protocol error, said in the banner, and the run goes on.

describe("a command the worker does not know", () => {
  it("is answered with a protocol error, and the loaded run keeps answering frames", () => {
    const replies: WorkerReply[] = [];
    const host = createSimulationHost({
      createSimulation,
      post: (reply) => replies.push(reply),
      wallNowMs: () => 0,
    });
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "rewind", toNs: 0 } as unknown as WorkerCommand);
    expect(replies.filter((reply) => reply.type === "protocolError")).toEqual([
      { type: "protocolError", message: 'the simulation got an unknown command "rewind"' },
    ]);
    expect(replies.some((reply) => reply.type === "error")).toBe(false);
    host.handle({ type: "step", simMs: 100 });
    host.handle({ type: "frame", view: SCREEN_VIEW });
    expect(replies.at(-1)).toMatchObject({ type: "snapshot", snapshot: { nowNs: 100_000_000 } });
  });
});

describe("a trial run the worker cannot make", () => {
  /** A host whose idle turns run at once, as the worker's own queue would run them. */
  function hostOf(create = createSimulation) {
    const replies: WorkerReply[] = [];
    const queued: (() => void)[] = [];
    const host = createSimulationHost({
      createSimulation: create,
      post: (reply) => replies.push(reply),
      wallNowMs: () => 0,
      later: (callback) => queued.push(callback),
    });
    const drain = () => {
      for (let turn = 0; turn < 10_000 && queued.length > 0; turn++) queued.shift()?.();
    };
    return { host, replies, drain };
  }

  it.each([
    [[], "[]"],
    [[10, 5], "[10,5]"],
    [[-1], "[-1]"],
    ["60", '"60"'],
  ])("refuses the moments %j, saying what is allowed; the live run goes on", (atS, shown) => {
    const { host, replies, drain } = hostOf();
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "trial", requestId: 3, query: "", atS } as unknown as WorkerCommand);
    drain();
    expect(replies.filter((r) => r.type === "trialError")).toEqual([
      {
        type: "trialError",
        requestId: 3,
        message: `a trial's moments must be one or more simulated seconds from 0, ascending; got ${shown}`,
      },
    ]);
    host.handle({ type: "step", simMs: 100 });
    host.handle({ type: "frame", view: SCREEN_VIEW });
    expect(replies.at(-1)).toMatchObject({ type: "snapshot", snapshot: { nowNs: 100_000_000 } });
  });

  it("answers a trial that throws with its error, and leaves the live run alone", () => {
    const { host, replies, drain } = hostOf((scenario) =>
      failingAfter(createSimulation(scenario), 10),
    );
    host.handle({ type: "load", query: "", startAtS: 0 });
    host.handle({ type: "trial", requestId: 4, query: "", atS: [30] });
    drain();
    expect(replies.filter((r) => r.type === "trialError")).toEqual([
      { type: "trialError", requestId: 4, message: "invariant broken on purpose" },
    ]);
    expect(replies.some((r) => r.type === "error")).toBe(false);
    host.handle({ type: "step", simMs: 100 });
    host.handle({ type: "frame", view: SCREEN_VIEW });
    expect(replies.at(-1)).toMatchObject({ type: "snapshot", snapshot: { nowNs: 100_000_000 } });
  });
});

describe("a reply the page does not know", () => {
  it("says so in the notice banner without taking the run down", async () => {
    const worker = createInProcessClient(createSimulation);
    const foreign = createListeners<WorkerReply>();
    const client: SimulationClient = {
      send: (command) => worker.send(command),
      onReply: (listener) => {
        const stopWorker = worker.onReply(listener);
        const stopForeign = foreign.add(listener);
        return () => {
          stopWorker();
          stopForeign();
        };
      },
    };
    const runtime = startApp({
      client,
      location: { hash: "", search: "" },
      writeQuery: () => {},
      scheduleFrame: (callback) => {
        const timer = setTimeout(callback, 5);
        return () => clearTimeout(timer);
      },
      wallNowMs: () => performance.now(),
    });
    foreign.emit({ type: "hello", version: 2 } as unknown as WorkerReply);
    const state = runtime.store.getState();
    expect(state.notice).toBe(
      'Protocol error: the page got an unknown reply "hello" from the simulation. The run goes on.',
    );
    expect(state.crash).toBeNull();
    runtime.stop();
  });
});
