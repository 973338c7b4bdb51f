// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createLiveSnapshot } from "../../src/state/live-snapshot.ts";
import type { AppRuntime } from "../../src/state/runtime.ts";
import { RuntimeContext } from "../../src/state/runtime-context.ts";
import { ReachedSpeed } from "../../src/ui/controls/ReachedSpeed.tsx";
import { createSpeedGauge } from "../../src/worker/speed-gauge.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

function renderWithLive() {
  const live = createLiveSnapshot();
  const runtime = { live } as unknown as AppRuntime;
  render(
    <RuntimeContext value={runtime}>
      <ReachedSpeed asked={10} />
    </RuntimeContext>,
  );
  const show = (reachedSpeed: number | null) =>
    act(() => live.set({ snapshot: recordedSnapshot(), wallPlayedMs: 1000, reachedSpeed }));
  return show;
}

describe("ReachedSpeed", () => {
  afterEach(cleanup);

  it("says the run is slower than asked when it cannot keep up", () => {
    const show = renderWithLive();
    show(6.23);
    expect(screen.getByTestId("reached-speed")).toHaveTextContent("running at 6.2× (asked 10×)");
  });

  it("stays silent at the asked speed, while paused and before the figure settles", () => {
    const show = renderWithLive();
    show(9.7);
    expect(screen.queryByTestId("reached-speed")).toBeNull();
    show(null);
    expect(screen.queryByTestId("reached-speed")).toBeNull();
  });
});

describe("createSpeedGauge", () => {
  it("averages simulated over wall time across the last two seconds of play", () => {
    const gauge = createSpeedGauge();
    gauge.record(100, 1000);
    expect(gauge.reached()).toBeNull();
    for (let i = 0; i < 30; i++) gauge.record(100, 1000);
    for (let i = 0; i < 20; i++) gauge.record(100, 500);
    expect(gauge.reached()).toBeCloseTo(5);
    gauge.reset();
    expect(gauge.reached()).toBeNull();
  });
});
