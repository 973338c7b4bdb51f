// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RuntimeContext } from "../../src/state/runtime-context.ts";
import { LivePanels } from "../../src/ui/layout/LivePanels.tsx";
import { TwinPanels } from "../../src/ui/twin/TwinPanels.tsx";
import { fakeRuntime, quietSnapshot, renderWith } from "./tour-runtime.tsx";

// The panel grid states the moment its panels show (browser tests wait on it): only once every
// panel has rendered the store's snapshot, with the worker's load and whether it was playing.

afterEach(cleanup);

describe("the page's statement of what it shows", () => {
  it("names the snapshot every panel rendered, its load and whether it played", async () => {
    const fake = fakeRuntime();
    renderWith(fake, <LivePanels />);
    const grid = screen.getByTestId("run-panels");
    expect(grid.dataset["simTime"]).toBeUndefined();

    act(() =>
      fake.runtime.store.getState().receiveSnapshot(quietSnapshot(12.5), { run: 3, playing: true }),
    );
    await waitFor(() => expect(grid.dataset["simTime"]).toBe("12.5"));
    expect(grid.dataset["loadCount"]).toBe("3");
    expect(grid.dataset["playing"]).toBe("true");
  });

  it("states nothing while the panels are still being handed a newer snapshot", async () => {
    const fake = fakeRuntime();
    renderWith(fake, <LivePanels />);
    const grid = screen.getByTestId("run-panels");
    act(() =>
      fake.runtime.store.getState().receiveSnapshot(quietSnapshot(4), { run: 1, playing: true }),
    );
    await waitFor(() => expect(grid.dataset["simTime"]).toBe("4"));
    // The hand-over to the panels is one task per panel: right after the store moves, not all have it.
    act(() =>
      fake.runtime.store.getState().receiveSnapshot(quietSnapshot(5), { run: 1, playing: false }),
    );
    expect(grid.dataset["simTime"]).toBeUndefined();
    await waitFor(() => expect(grid.dataset["simTime"]).toBe("5"));
    expect(grid.dataset["playing"]).toBe("false");
  });

  it("is stated by the twin grid too, for the pair whose A is the store's snapshot", () => {
    const fake = fakeRuntime();
    const a = quietSnapshot(7.5);
    const b = quietSnapshot(7.5);
    act(() => fake.runtime.store.getState().receiveSnapshot(a, { run: 2, playing: true }));
    const sides = { a: "gate off", b: "gate on" };
    const { rerender } = renderWith(fake, <TwinPanels panels={[]} sides={sides} pair={null} />);
    const grid = screen.getByTestId("run-panels");
    expect(grid.dataset["simTime"]).toBeUndefined();
    rerender(
      <RuntimeContext value={fake.runtime}>
        <TwinPanels panels={[]} sides={sides} pair={[a, b]} />
      </RuntimeContext>,
    );
    expect(grid.dataset["simTime"]).toBe("7.5");
    expect(grid.dataset["loadCount"]).toBe("2");
    expect(grid.dataset["playing"]).toBe("true");
  });
});
