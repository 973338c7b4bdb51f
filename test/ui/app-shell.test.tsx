// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createSimulation } from "../../src/sim/simulation.ts";
import { failingAfter } from "./failing-simulation.ts";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const lastQuery = (queries: string[]) => queries.at(-1) ?? "";

describe("the app shell", () => {
  it("shows the simulated clock advancing while it plays", async () => {
    renderApp();
    const clock = screen.getByTestId("simulated-seconds");
    await waitFor(() => expect(clock.textContent).not.toBe("0.0 s"), { timeout: 3000 });
    expect(screen.getByTestId("wall-seconds").textContent).toMatch(/^\d+\.\d s$/);
  });

  it("says what whatif=noRvGuard removes in the chosen version's wait function", () => {
    renderApp("#k8s=1.36");
    const note = () => screen.getByText(/wake-up timer/, { selector: ".toggle .note" }).textContent;
    expect(note()).toMatch(/^the rv > 0 guard around the timer goroutine/);
    fireEvent.change(screen.getByLabelText("Kubernetes version"), { target: { value: "1.37" } });
    expect(note()).toMatch(/^the fast path's skip of the timer/);
    expect(note()).toContain("the rv > 0 guard itself is dead code");
  });

  it("pauses and steps 100 ms of simulated time", async () => {
    const { runtime } = renderApp();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
    await waitFor(() => expect(runtime.live.get()).not.toBeNull());
    const before = runtime.live.get()?.snapshot.nowNs ?? 0;
    fireEvent.click(screen.getByRole("button", { name: /Step 100 ms/ }));
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBe(before + 100_000_000));
  });

  it("records a live slider move as V@t in the store and the address, without a restart", async () => {
    const { runtime, writtenQueries } = renderApp();
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    fireEvent.change(screen.getByLabelText("Pod writes"), { target: { value: "150" } });
    const writes = runtime.store.getState().scenario.writes;
    expect(writes.length).toBe(2);
    expect(writes[1]?.value).toBeGreaterThan(20);
    await waitFor(() => expect(lastQuery(writtenQueries)).toMatch(/^v=3&writes=20@0,\d+@[\d.]+$/));
    expect(screen.queryByText(/restarted/)).toBeNull();
  });

  it("restarts the run and says so when a key that cannot change live is changed", async () => {
    const { runtime, writtenQueries } = renderApp();
    fireEvent.change(screen.getByLabelText("On Retry-After"), { target: { value: "none" } });
    expect(runtime.store.getState().scenario.retry).toBe("none");
    expect(screen.getByText("On Retry-After changed: the run restarted from 0 s.")).toBeVisible();
    await waitFor(() => expect(lastQuery(writtenQueries)).toBe("v=3&retry=none"));
  });

  it("keeps a live move through a run-setting restart, and says what it kept", async () => {
    const { runtime, writtenQueries } = renderApp();
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    runtime.store.getState().setLive("lag", 5000);
    fireEvent.click(
      screen.getByRole("checkbox", { name: "ConsistentListFromCacheSkipTimeoutFallback" }),
    );
    expect(
      screen.getByText(/Feature gates changed: the run restarted from 0 s with the live/),
    ).toHaveTextContent("(Watch lag 5,000 ms)");
    await waitFor(() =>
      expect(lastQuery(writtenQueries)).toBe(
        "v=3&gates=ConsistentListFromCacheSkipTimeoutFallback=true&lag=5000",
      ),
    );
  });

  it("disables gates the chosen version locks or lacks, and says why", () => {
    renderApp("#k8s=1.36");
    const skip = screen.getByRole("checkbox", {
      name: "ConsistentListFromCacheSkipTimeoutFallback",
    });
    expect(skip).toBeDisabled();
    expect(skip).toHaveAccessibleDescription(/not in Kubernetes 1.36/);
    expect(screen.getByRole("checkbox", { name: "ConsistentListFromCache" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "ListFromCacheSnapshot" })).toBeEnabled();
  });

  it("writes a toggled gate into the link as --feature-gates would", async () => {
    const { writtenQueries } = renderApp();
    fireEvent.click(
      screen.getByRole("checkbox", { name: "ConsistentListFromCacheSkipTimeoutFallback" }),
    );
    await waitFor(() =>
      expect(lastQuery(writtenQueries)).toBe(
        "v=3&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
      ),
    );
  });

  it("records every fault button in the scenario", async () => {
    const { runtime } = renderApp();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    const faults = screen.getByRole("group", { name: /Faults/ });
    for (const name of [
      "Stall the watch stream",
      "Restart the cache",
      "Compact etcd now",
      "Send a herd of consistent LISTs",
      "Send watchers away",
    ]) {
      fireEvent.click(within(faults).getByRole("button", { name }));
    }
    await waitFor(() => {
      const { scenario } = runtime.store.getState();
      expect(scenario.stall).toHaveLength(1);
      expect(scenario.restart).toHaveLength(1);
      expect(scenario.compact).toHaveLength(1);
      expect(scenario.herd).toEqual([expect.objectContaining({ clients: 1000 })]);
      expect(scenario.away).toEqual([expect.objectContaining({ watchers: 5 })]);
    });
  });

  it("lists every problem of a bad link in a dismissible banner and runs with defaults", async () => {
    const { runtime } = renderApp("#writes=lots&colour=blue&k8s=1.99&lag=800");
    const banner = screen.getByRole("alert");
    expect(banner).toHaveTextContent("3 problems");
    expect(banner).toHaveTextContent("writes=lots");
    expect(banner).toHaveTextContent("colour=blue");
    expect(banner).toHaveTextContent("k8s=1.99");
    expect(runtime.store.getState().scenario.lag[0]?.value).toBe(800);
    const clock = screen.getByTestId("simulated-seconds");
    await waitFor(() => expect(clock.textContent).not.toBe("0.0 s"), { timeout: 3000 });
    fireEvent.click(within(banner).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when a link comes from a newer schema version", () => {
    renderApp("#v=4&writes=5");
    expect(screen.getByRole("alert")).toHaveTextContent(/newer than this app knows/);
  });

  it("keeps a new name through later live changes, without restarting", async () => {
    const { runtime, writtenQueries } = renderApp();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "My cluster" } });
    fireEvent.blur(screen.getByLabelText("Name"));
    fireEvent.click(screen.getByRole("button", { name: "Compact etcd now" }));
    await waitFor(() =>
      expect(lastQuery(writtenQueries)).toMatch(/^v=3&name=My%20cluster&compact=/),
    );
    expect(runtime.store.getState().scenario.name).toBe("My cluster");
    expect(screen.queryByText(/restarted/)).toBeNull();
  });

  it("shows the scenario name as plain text, never markup", () => {
    renderApp(`#name=${encodeURIComponent("<b>bold</b> claim")}`);
    expect(screen.getByText("<b>bold</b> claim")).toBeInTheDocument();
  });

  it("reports a crash of the simulation and restarts it on request", async () => {
    let runs = 0;
    renderApp("", (scenario) => {
      runs += 1;
      const sim = createSimulation(scenario);
      return runs === 1 ? failingAfter(sim, 0) : sim;
    });
    const alert = await screen.findByRole("alert", {}, { timeout: 3000 });
    expect(alert).toHaveTextContent("invariant broken on purpose");
    fireEvent.click(within(alert).getByRole("button", { name: "Restart the simulation" }));
    expect(screen.queryByRole("alert")).toBeNull();
    const clock = screen.getByTestId("simulated-seconds");
    await waitFor(() => expect(clock.textContent).not.toBe("0.0 s"), { timeout: 3000 });
  });

  it("opens a preset from the gallery", async () => {
    const { runtime } = renderApp();
    fireEvent.click(screen.getByText("Presets"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /Lagging cache hits the 3 s wall/ }));
    });
    expect(runtime.store.getState().scenario.name).toBe("Lagging cache hits the 3 s wall");
    expect(screen.getByTestId("observable")).toHaveTextContent(/fall back to etcd/);
  });
});
