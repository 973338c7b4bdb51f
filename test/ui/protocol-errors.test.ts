import { describe, expect, it } from "vitest";
import { createSimulation } from "../../src/sim/simulation.ts";
import { startApp } from "../../src/state/runtime.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { createListeners, type SimulationClient } from "../../src/worker/client.ts";
import { createInProcessClient } from "../../src/worker/in-process-client.ts";
import type { WorkerCommand, WorkerReply } from "../../src/worker/protocol.ts";
import { createSimulationHost } from "../../src/worker/simulation-host.ts";

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
