// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const panelHeadings = () =>
  screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

describe("the embedded player", () => {
  it("shows only the chosen panels, in the link's order, and play/pause without controls", () => {
    renderApp("#lag=800&embed=1&panels=metrics,ring&controls=0");
    expect(panelHeadings()).toEqual(["Metrics", "History ring"]);
    expect(screen.queryByRole("form", { name: "Scenario controls" })).toBeNull();
    expect(screen.getByRole("button", { name: "Pause" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Step/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Embed…" })).toBeNull();
  });

  it("can show the code pane that follows a read", () => {
    renderApp("#embed=1&panels=waiting,code&controls=0");
    expect(panelHeadings()).toEqual(["Waiting room", "Follow a request"]);
  });

  it("keeps the control panel unless controls=0", () => {
    renderApp("#embed=1&panels=waiting");
    expect(screen.getByRole("form", { name: "Scenario controls" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Step 100 ms/ })).toBeInTheDocument();
  });

  it("reports bad page keys in the banner and still plays", async () => {
    const { runtime } = renderApp("#embed=1&panels=ring,radar&until=soon");
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("2 problems");
    expect(banner).toHaveTextContent("panels=ring,radar");
    expect(banner).toHaveTextContent("until=soon");
    expect(panelHeadings()).toContain("History ring");
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBeGreaterThan(0));
  });

  it("drops a twin key, says so in the banner, and plays the main run alone", async () => {
    const { runtime, writtenQueries } = renderApp("#lag=800&embed=1&panels=ring&twin=lag%3D4000");
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent(
      "twin=lag=4000 — twin runs are not shown in embeds; the main run plays alone",
    );
    expect(panelHeadings()).toContain("History ring");
    expect(screen.queryByTestId("twin-label-b")).toBeNull();
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBeGreaterThan(0));
    expect(runtime.live.get()?.twin).toBeUndefined();
    expect(runtime.store.getState().pageKeys["twin"]).toBeUndefined();
    runtime.store.getState().setLive("writes", 30);
    await waitFor(() =>
      expect(writtenQueries.at(-1)).toMatch(
        /^v=3&writes=20@0,30@[\d.]+&lag=800&embed=1&panels=ring$/,
      ),
    );
  });

  it("pauses at the end of its window, and Play replays the window", async () => {
    const { runtime } = renderApp("#embed=1&panels=ring&t=1&until=1.3");
    await waitFor(() => expect(runtime.store.getState().playing).toBe(false), { timeout: 3000 });
    const endNs = runtime.live.get()?.snapshot.nowNs ?? 0;
    expect(endNs).toBeGreaterThanOrEqual(1.3e9);
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBeLessThan(endNs));
  });

  it("opens the window again at its start when it loops", async () => {
    const { runtime } = renderApp("#embed=1&panels=ring&t=1&until=1.3&loop=1");
    const seen: number[] = [];
    runtime.live.subscribe(() => seen.push(runtime.live.get()?.snapshot.nowNs ?? 0));
    await waitFor(
      () => {
        const back = seen.findIndex((ns, i) => i > 0 && ns < (seen[i - 1] ?? 0));
        expect(back).toBeGreaterThan(0);
      },
      // The worker runs in-process here: under a loaded machine one loop can take seconds.
      { timeout: 10_000 },
    );
    expect(runtime.store.getState().crash).toBeNull();
    expect(runtime.store.getState().playing).toBe(true);
  });
});

describe("the Embed… dialog", () => {
  it("refuses a bad number beside its field and keeps the value in force", () => {
    renderApp("#lag=800");
    fireEvent.click(screen.getByRole("button", { name: "Embed…" }));
    const dialog = screen.getByRole("dialog", { name: "Embed this scenario" });
    const snippet = () => (within(dialog).getByLabelText("Snippet") as HTMLTextAreaElement).value;
    const before = snippet();
    for (const [label, typed, note] of [
      ["Start at", "-5", 'Start at: "-5" refused: expected a number 0 … 86400 s. Kept 0 s.'],
      ["Width", "1e9", 'Width: "1e9" refused: expected an integer 200 … 7680 px. Kept 960 px.'],
      ["Height", "12.5", 'Height: "12.5" refused: expected an integer 150 … 4320 px. Kept 540 px.'],
      ["Stop at", "soon", "Kept no end (plays on)."],
    ] as const) {
      const field = within(dialog).getByLabelText(label) as HTMLInputElement;
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      const said = document.getElementById(field.getAttribute("aria-describedby") ?? "");
      expect(said).toHaveTextContent(note);
      expect(field.value).not.toBe(typed);
      expect(snippet()).toBe(before);
    }
  });

  it("builds a snippet from the scenario and the chosen panels and window", () => {
    renderApp("#lag=800&name=Herd");
    fireEvent.click(screen.getByRole("button", { name: "Embed…" }));
    const dialog = screen.getByRole("dialog", { name: "Embed this scenario" });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Metrics" }));
    fireEvent.change(within(dialog).getByLabelText("Stop at"), { target: { value: "30" } });
    fireEvent.blur(within(dialog).getByLabelText("Stop at"));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Loop the window" }));
    const snippet = (within(dialog).getByLabelText("Snippet") as HTMLTextAreaElement).value;
    expect(snippet).toMatch(/^<iframe src="http:\/\/localhost(:\d+)?\/#/);
    expect(snippet).toContain("lag=800");
    expect(snippet).toContain("embed=1&amp;panels=ring%2Cwaiting%2Cmetrics&amp;controls=0");
    expect(snippet).toContain("until=30&amp;loop=1");
    expect(snippet).toContain('width="960" height="540" title="Watch Cache Lab: Herd"');
  });
});
