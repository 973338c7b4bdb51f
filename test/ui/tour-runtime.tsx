import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Outcome, ReadKind, SimSnapshot } from "../../src/sim/snapshot.ts";
import { type AppRuntime, startApp } from "../../src/state/runtime.ts";
import { RuntimeContext } from "../../src/state/runtime-context.ts";
import type { WorkerCommand } from "../../src/worker/protocol.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

// The page's runtime without a simulation: the test plays the worker, setting each frame by hand
// and reading the commands the page sent down.

export interface FakeRuntime {
  runtime: AppRuntime;
  commands: WorkerCommand[];
  /** Shows `snapshot` as the newest frame, as the worker's reply would. */
  frame(snapshot: SimSnapshot): void;
}

export function fakeRuntime(initialQuery = ""): FakeRuntime {
  const commands: WorkerCommand[] = [];
  const runtime = startApp({
    client: { send: (command) => commands.push(command), onReply: () => () => {} },
    location: { hash: initialQuery, search: "" },
    writeQuery: () => {},
    scheduleFrame: () => () => {},
    wallNowMs: () => 0,
  });
  const frame = (snapshot: SimSnapshot) => runtime.live.set({ snapshot, wallPlayedMs: 0 });
  return { runtime, commands, frame };
}

export function renderWith(fake: FakeRuntime, children: ReactNode) {
  return render(<RuntimeContext value={fake.runtime}>{children}</RuntimeContext>);
}

const S = 1_000_000_000;

function noOutcomes(): Record<ReadKind, Record<Outcome, number>> {
  const none = (): Record<Outcome, number> => ({
    cache: 0,
    cacheAfterWait: 0,
    etcd: 0,
    fallback: 0,
    "429": 0,
    "504": 0,
    "410": 0,
    other: 0,
  });
  return {
    rv0: none(),
    consistent: none(),
    notOlderThan: none(),
    exact: none(),
    ryw: none(),
    relist: none(),
  };
}

/** A frame at `seconds` in which nothing notable has happened yet: no waiter, outcome or mark. */
export function quietSnapshot(seconds: number): SimSnapshot {
  return {
    ...recordedSnapshot(),
    nowNs: seconds * S,
    waiterCount: 0,
    waiters: [],
    recentOutcomes: [],
    outcomes: noOutcomes(),
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
