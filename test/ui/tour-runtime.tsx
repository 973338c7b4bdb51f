import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { asksFirst } from "../../src/content/predict/page-question.ts";
import type { Outcome, ReadKind, SimSnapshot } from "../../src/sim/snapshot.ts";
import { type AppRuntime, startApp } from "../../src/state/runtime.ts";
import { RuntimeContext } from "../../src/state/runtime-context.ts";
import { createListeners } from "../../src/worker/client.ts";
import type { WorkerCommand, WorkerReply } from "../../src/worker/protocol.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

// The page's runtime without a simulation: the test plays the worker, setting each frame by hand
// and reading the commands the page sent down.

export interface FakeRuntime {
  runtime: AppRuntime;
  commands: WorkerCommand[];
  /**
   * Shows `snapshot` as the newest (and shown) frame, as the worker's reply would, after `wallPlayedMs` played;
   * `run` is the worker's load count (by default, every load the page has sent so far).
   */
  frame(snapshot: SimSnapshot, wallPlayedMs?: number, run?: number): void;
  /** Answers as the worker would (a trial's readings, an error). */
  reply(reply: WorkerReply): void;
}

export function fakeRuntime(initialQuery = ""): FakeRuntime {
  const commands: WorkerCommand[] = [];
  const replies = createListeners<WorkerReply>();
  const runtime = startApp({
    client: { send: (command) => commands.push(command), onReply: replies.add },
    location: { hash: initialQuery, search: "" },
    writeQuery: () => {},
    scheduleFrame: () => () => {},
    wallNowMs: () => 0,
    asksFirst,
  });
  const loadsSent = () => commands.filter((command) => command.type === "load").length;
  // The frame is shown at once, as a paused run's is.
  const frame = (snapshot: SimSnapshot, wallPlayedMs = 0, run = loadsSent()) => {
    runtime.live.set({ snapshot, wallPlayedMs, run });
    runtime.shown.set({ snapshot, wallPlayedMs, run });
    runtime.store.getState().receiveSnapshot(snapshot);
  };
  return { runtime, commands, frame, reply: replies.emit };
}

export function renderWith(fake: FakeRuntime, children: ReactNode) {
  return render(<RuntimeContext value={fake.runtime}>{children}</RuntimeContext>);
}

const S = 1_000_000_000;

/** The same table of read kinds and outcomes, every count 0. */
function zeroed(
  outcomes: Record<ReadKind, Record<Outcome, number>>,
): Record<ReadKind, Record<Outcome, number>> {
  const zero = (counts: Record<Outcome, number>) =>
    Object.fromEntries(Object.keys(counts).map((outcome) => [outcome, 0]));
  return Object.fromEntries(
    Object.entries(outcomes).map(([kind, counts]) => [kind, zero(counts)]),
  ) as Record<ReadKind, Record<Outcome, number>>;
}

/** A frame at `seconds` in which nothing notable has happened yet: no waiter, outcome or mark. */
export function quietSnapshot(seconds: number): SimSnapshot {
  const recorded = recordedSnapshot();
  return {
    ...recorded,
    nowNs: seconds * S,
    waiterCount: 0,
    waiters: [],
    recentOutcomes: [],
    outcomes: zeroed(recorded.outcomes),
    consistentReads: {},
    marks: [],
    markCount: 0,
  };
}

/** The quiet frame with one consistent read parked on the condition variable. */
export function withConsistentWaiter(seconds: number): SimSnapshot {
  return {
    ...quietSnapshot(seconds),
    waiterCount: 1,
    waiters: [
      {
        id: 1,
        kind: "consistent",
        startNs: seconds * S,
        deadlineNs: (seconds + 3) * S,
        targetRv: 9,
      },
    ],
  };
}
