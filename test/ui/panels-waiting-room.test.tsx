// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { OutcomeView } from "../../src/sim/snapshot.ts";
import { WaitingRoomPanel } from "../../src/ui/panels/index.ts";
import {
  departureOf,
  oldestWaiters,
  recentDepartures,
  waiterProgress,
} from "../../src/ui/panels/waiting-room/waiterProgress.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

const S = 1_000_000_000;

afterEach(cleanup);

const outcome = (overrides: Partial<OutcomeView>): OutcomeView => ({
  id: 1,
  kind: "consistent",
  outcome: "cache",
  atNs: 0,
  waitedNs: 0,
  code: 200,
  message: "",
  ...overrides,
});

describe("waiterProgress", () => {
  const waiter = {
    id: 1,
    kind: "consistent" as const,
    startNs: 10 * S,
    deadlineNs: 13 * S,
    targetRv: 5,
  };

  it("fills the bar by the share of the wait already spent", () => {
    const progress = waiterProgress(waiter, 12.4 * S);
    expect(progress.waitedNs).toBe(2.4 * S);
    expect(progress.remainingNs).toBeCloseTo(0.6 * S);
    expect(progress.fraction).toBeCloseTo(0.8);
  });

  it("stops at the wall and never runs backwards", () => {
    expect(waiterProgress(waiter, 20 * S)).toEqual({
      waitedNs: 3 * S,
      remainingNs: 0,
      fraction: 1,
    });
    expect(waiterProgress(waiter, 9 * S).fraction).toBe(0);
  });
});

describe("oldestWaiters", () => {
  it("keeps the earliest arrivals, the ones closest to the wall", () => {
    const { waiters } = recordedSnapshot();
    const shuffled = [waiters[3], waiters[0], waiters[4], waiters[1], waiters[2]].flatMap((w) =>
      w ? [w] : [],
    );
    expect(oldestWaiters(shuffled, 2).map((waiter) => waiter.id)).toEqual([9370, 9376]);
  });
});

const { wall: WALL } = recordedSnapshot();

describe("departureOf", () => {
  it("counts a read served after waiting as served", () => {
    expect(departureOf(outcome({ outcome: "cacheAfterWait", waitedNs: S }), WALL)).toBe("served");
  });
  it("counts fallback, 429 and 504 after a wait as hitting the wall", () => {
    for (const result of ["fallback", "429", "504"] as const) {
      expect(departureOf(outcome({ outcome: result, waitedNs: 3 * S }), WALL)).toBe("wall");
    }
  });
  it("leaves out reads that never waited", () => {
    expect(departureOf(outcome({ outcome: "cache" }), WALL)).toBeNull();
    expect(departureOf(outcome({ outcome: "429", code: 429 }), WALL)).toBeNull();
  });
});

describe("recentDepartures", () => {
  it("lists the newest departures first, up to the limit", () => {
    const departures = recentDepartures(recordedSnapshot().recentOutcomes, WALL, 3);
    expect(departures.map((entry) => [entry.outcome.id, entry.departure])).toEqual([
      [9366, "wall"],
      [9357, "wall"],
      [9351, "served"],
    ]);
  });
});

describe("WaitingRoomPanel", () => {
  it("counts waiters and sleeping timers, lists them by arrival and the rest as +N more", () => {
    render(<WaitingRoomPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/waiting ·/)).toHaveTextContent(
      "2,072 waiting · 2,072 wake-up timers sleeping · cache at RV 5,566",
    );
    const rows = within(screen.getByRole("list", { name: /Waiting reads/ })).getAllByRole("button");
    // The ten who arrived first; the five read-your-write clients wrote and read together.
    const names = [
      "consistent read #9370, waited 2.94 s",
      "consistent read #9376, waited 2.91 s",
      "consistent read #9381, waited 2.88 s",
      "pinned RV=N read #9382, waited 2.88 s",
      "read-your-write read #9383, waited 2.87 s",
      "read-your-write read #9384, waited 2.87 s",
      "read-your-write read #9385, waited 2.87 s",
      "read-your-write read #9386, waited 2.87 s",
      "read-your-write read #9387, waited 2.87 s",
      "consistent read #9388, waited 2.85 s",
    ];
    expect(rows).toHaveLength(names.length);
    rows.forEach((row, i) => {
      expect(row).toHaveAccessibleName(names[i]);
    });
    expect(screen.getByText("+2,062 more")).toBeInTheDocument();
  });

  it("lists ten rows at most and counts the rest", () => {
    const fixture = recordedSnapshot();
    const waiters = Array.from({ length: 30 }, (_, i) => ({
      id: 100 + i,
      kind: "consistent" as const,
      startNs: fixture.nowNs - (30 - i) * 50_000_000,
      deadlineNs: fixture.nowNs - (30 - i) * 50_000_000 + 3 * S,
      targetRv: 48_200,
    }));
    render(<WaitingRoomPanel snapshot={{ ...fixture, waiters, waiterCount: 250 }} />);
    const rows = within(screen.getByRole("list", { name: /Waiting reads/ })).getAllByRole("button");
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveAccessibleName("consistent read #100, waited 1.50 s");
    expect(screen.getByText("+240 more")).toBeInTheDocument();
  });

  it("details a waiter when it is focused from the keyboard", () => {
    render(<WaitingRoomPanel snapshot={recordedSnapshot()} />);
    fireEvent.focus(screen.getByRole("button", { name: /#9370/ }));
    expect(screen.getByText(/waits for RV/)).toHaveTextContent(
      "consistent read #9370 waits for RV 5,576; the cache is at 5,566 (10 behind). Waited 2.94 s, 64 ms left before the 3.00 s wall.",
    );
  });

  it("shows who just left: served after a wait, or stopped by the wall", () => {
    render(<WaitingRoomPanel snapshot={recordedSnapshot()} />);
    const departures = within(screen.getByRole("list", { name: "Recently left the waiting room" }));
    expect(departures.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "⊥ hit the wall pinned RV=N after 3.00 s → 504 timeout",
      "⊥ hit the wall pinned RV=N after 3.00 s → 504 timeout",
      "✓ served pinned RV=N after 2.86 s",
      "✓ served consistent after 2.97 s",
      "✓ served consistent after 2.97 s",
    ]);
  });

  it("says when none of the recent answers had waited", () => {
    const fixture = recordedSnapshot();
    const fastOnly = fixture.recentOutcomes.filter((outcome) => outcome.waitedNs === 0);
    render(<WaitingRoomPanel snapshot={{ ...fixture, recentOutcomes: fastOnly }} />);
    expect(screen.getByText("None of the last 30 answers had waited.")).toBeInTheDocument();
    cleanup();
    render(<WaitingRoomPanel snapshot={{ ...fixture, recentOutcomes: fastOnly.slice(-1) }} />);
    expect(screen.getByText("None of the last 1 answer had waited.")).toBeInTheDocument();
    cleanup();
    render(<WaitingRoomPanel snapshot={{ ...fixture, recentOutcomes: [] }} />);
    expect(screen.getByText("No read has left the room yet.")).toBeInTheDocument();
  });

  it("says nobody is waiting when the room is empty", () => {
    const snapshot = { ...recordedSnapshot(), waiters: [], waiterCount: 0, timersPending: 0 };
    render(<WaitingRoomPanel snapshot={snapshot} />);
    expect(screen.getByText(/Nobody is waiting/)).toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it("explains timers that outlive their reads", () => {
    const fixture = recordedSnapshot();
    render(<WaitingRoomPanel snapshot={fixture} />);
    expect(screen.queryByText(/More timers than waiters/)).not.toBeInTheDocument();
    cleanup();
    render(
      <WaitingRoomPanel
        snapshot={{ ...fixture, waiters: [], waiterCount: 0, timersPending: 109 }}
      />,
    );
    expect(screen.getByText(/More timers than waiters/)).toBeInTheDocument();
  });
});

describe("following a read from the waiting room", () => {
  it("offers Follow only for reads whose steps were recorded", async () => {
    const { Departures } = await import("../../src/ui/panels/waiting-room/Departures.tsx");
    const outcomes = [
      outcome({ id: 7, outcome: "cacheAfterWait", waitedNs: 2 * S, atNs: 5 * S }),
      outcome({ id: 8, outcome: "cacheAfterWait", waitedNs: 1 * S, atNs: 6 * S }),
    ];
    const picked: number[] = [];
    render(
      <Departures
        outcomes={outcomes}
        wall={WALL}
        traced={[8]}
        onSelect={(id) => picked.push(id)}
      />,
    );
    expect(screen.queryByRole("button", { name: /Follow read #7/ })).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: /Follow read #8/ }));
    expect(picked).toEqual([8]);
  });
});
