// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";
const lastQuery = (queries: string[]) => queries.at(-1) ?? "";

describe("twin runs on the page", () => {
  it("opens a twin link with both sides labelled by what differs", async () => {
    const { runtime } = renderApp(`#lag=4000&twin=gates%3D${SKIP}%3Dtrue`);
    expect(screen.getByTestId("twin-label-a")).toHaveTextContent("A: skip-fallback gate off");
    expect(screen.getByTestId("twin-label-b")).toHaveTextContent("B: skip-fallback gate on");
    await waitFor(() => expect(runtime.live.get()?.twin).toBeDefined());
    await waitFor(() =>
      expect(within(screen.getByTestId("twin-b-ring")).queryByText(/Waiting for/)).toBeNull(),
    );
    expect(screen.getByRole("table", { name: "Key metrics, A vs B" })).toBeInTheDocument();
  });

  it("reports a bad twin in the banner and runs the main scenario alone", async () => {
    const { runtime, writtenQueries } = renderApp("#lag=800&twin=lag%3Dlots");
    const banner = screen.getByRole("alert");
    expect(banner).toHaveTextContent("twin=lag=lots");
    expect(banner).toHaveTextContent(/lag: "lots" is not valid/);
    expect(screen.queryByTestId("twin-label-a")).toBeNull();
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBeGreaterThan(0));
    expect(runtime.live.get()?.twin).toBeUndefined();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    runtime.store.getState().setLive("writes", 30);
    await waitFor(() =>
      expect(lastQuery(writtenQueries)).toMatch(/^v=3&writes=20@0,30@[\d.]+&lag=800$/),
    );
  });

  it("starts a twin run from the Compare dialog and writes it into the address", async () => {
    const { runtime, writtenQueries } = renderApp("#lag=4000");
    fireEvent.click(screen.getByRole("button", { name: "Compare…" }));
    const dialog = screen.getByRole("dialog", { name: "Compare two runs" });
    fireEvent.click(within(dialog).getByRole("button", { name: "requestTimeout 60 | 300" }));
    expect(within(dialog).getByLabelText("B: Request timeout")).toHaveValue("300");
    expect(dialog).toHaveTextContent("A: Request timeout 60 s · B: Request timeout 300 s");
    fireEvent.click(within(dialog).getByRole("button", { name: "Start twin run" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("Twin run: A and B started together from 0 s.")).toBeVisible();
    await waitFor(() =>
      expect(lastQuery(writtenQueries)).toBe("v=3&lag=4000&twin=requestTimeout%3D300"),
    );
    await waitFor(() => expect(runtime.live.get()?.twin).toBeDefined());
  });

  it("refuses a bad value for B beside its field and keeps B's value in force", () => {
    renderApp();
    fireEvent.click(screen.getByRole("button", { name: "Compare…" }));
    const dialog = screen.getByRole("dialog", { name: "Compare two runs" });
    fireEvent.click(within(dialog).getByRole("button", { name: "lag 20 | 4000" }));
    const field = within(dialog).getByLabelText("B: Watch lag");
    fireEvent.change(field, { target: { value: "-5" } });
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      'B: Watch lag: "-5" is not allowed: expected a number 0 … 60000',
    );
    expect(within(dialog).getByRole("button", { name: "Start twin run" })).toBeDisabled();
    fireEvent.blur(field);
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      'B: Watch lag: "-5" refused: expected a number 0 … 60000',
    );
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Kept 4000 ms.");
    expect(field).toHaveValue("4000");
    expect(dialog).toHaveTextContent("B: Watch lag 4000 ms");
    expect(within(dialog).getByRole("button", { name: "Start twin run" })).toBeEnabled();
  });

  it("ends the twin run and keeps the main run going", async () => {
    const { runtime, writtenQueries } = renderApp("#twin=lag%3D4000");
    await waitFor(() => expect(runtime.live.get()?.twin).toBeDefined());
    fireEvent.click(screen.getByRole("button", { name: "End twin run" }));
    expect(screen.queryByTestId("twin-label-a")).toBeNull();
    await waitFor(() => expect(runtime.live.get()?.twin).toBeUndefined());
    await waitFor(() => expect(lastQuery(writtenQueries)).toBe("v=3"));
  });
});
