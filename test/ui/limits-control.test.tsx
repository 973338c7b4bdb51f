// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const lastQuery = (queries: string[]) => queries.at(-1) ?? "";

describe("the scenario version 2 run settings", () => {
  it("sets a kind's LIST limit, restarts and writes it into the link", async () => {
    const { runtime, writtenQueries } = renderApp();
    const field = screen.getByLabelText("consistent limit (herds too)");
    expect(field).toHaveValue(0);
    fireEvent.change(field, { target: { value: "500" } });
    expect(runtime.store.getState().scenario.limits.consistent).toBe(500);
    expect(screen.getByText("LIST limits changed: the run restarted from 0 s.")).toBeVisible();
    await waitFor(() => expect(lastQuery(writtenQueries)).toBe("v=3&limits=consistent:500"));
  });

  it("refuses a bad limit, keeps the one in force and says which, what and why", () => {
    const { runtime } = renderApp();
    const field = screen.getByLabelText("exact-RV limit");
    fireEvent.change(field, { target: { value: "2.5" } });
    expect(runtime.store.getState().scenario.limits.exact).toBe(500);
    expect(field).toHaveValue(500);
    expect(screen.getByRole("alert")).toHaveTextContent(
      'exact-RV limit: "2.5" refused: the limit of exact is not an integer 0 … 100000',
    );
  });

  it("offers the object size among the run settings, labelled with its unit", () => {
    renderApp();
    expect(screen.getByRole("slider", { name: /Object size/ })).toBeInTheDocument();
    expect(screen.queryByRole("slider", { name: /Schema version/ })).toBeNull();
  });

  it("opens an explicit v=1 link as version 1 ran and says so", () => {
    const { runtime } = renderApp("#v=1&lag=800");
    expect(runtime.store.getState().scenario.limits.consistent).toBe(500);
    expect(screen.getByText(/This link is from scenario version 1/)).toHaveTextContent(
      "limits=consistent:500, continue not followed",
    );
  });
});
