// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const lastQuery = (queries: string[]) => queries.at(-1) ?? "";

describe("the link-problem banner", () => {
  it("quotes a 100 kB name cut short, once per line, with its length", () => {
    const name = "x".repeat(100_000);
    renderApp(`#name=${name}&lag=800`);
    const banner = screen.getByRole("alert");
    expect(banner.textContent?.length).toBeLessThan(400);
    expect(banner).toHaveTextContent("(100,000 characters)");
    expect(banner).toHaveTextContent("name keeps its default (none)");
    expect(within(banner).getByRole("button", { name: "Dismiss" })).toBeVisible();
  });

  it.each([
    ["#name=%E0%A4%A&ryw=500", 'name: "%E0%A4%A" is not valid percent-encoding'],
    ["#lag=800&amp;ryw=500&amp;writes=5", 'the link has "&amp;" where "&" belongs'],
    ["#ryw%3D500%26lag%3D3500", "the link was percent-encoded twice"],
  ])("says what was wrong with the damaged link %s", (link, words) => {
    renderApp(link);
    expect(screen.getByRole("alert")).toHaveTextContent(words);
  });

  it("names 5,000 unknown keys on one line", () => {
    const keys = Array.from({ length: 5000 }, (_, index) => `junk${index}=1`).join("&");
    renderApp(`#${keys}`);
    const banner = screen.getByRole("alert");
    expect(within(banner).getAllByRole("listitem")).toHaveLength(1);
    expect(banner).toHaveTextContent("This link had 5,000 problems.");
    expect(banner).toHaveTextContent(
      "5,000 unknown keys ignored: junk0, junk1, junk2, junk3, junk4, junk5, junk6, junk7 and 4,992 more",
    );
  });

  it("stops after a screenful of lines and says how many it left out", () => {
    const keys = Array.from({ length: 12 }, (_, index) => `seed=${index}`).join("&");
    renderApp(`#${keys}`);
    const items = within(screen.getByRole("alert")).getAllByRole("listitem");
    expect(items).toHaveLength(9);
    expect(items.at(-1)).toHaveTextContent("… and 3 more lines of problems, not shown");
  });

  it("says what really happens to a repeated key, a clamped speed and a partly valid panels", () => {
    renderApp("#seed=5&seed=7&speed=1000&panels=ring,radar");
    const banner = screen.getByRole("alert");
    expect(banner).not.toHaveTextContent("use their defaults");
    expect(banner).toHaveTextContent('the first value ("5") is used, "7" is ignored');
    expect(banner).toHaveTextContent(
      'speed: "1000" is not valid: expected a number 0.1 … 100; playing at 100×',
    );
    expect(banner).toHaveTextContent('"radar" skipped, showing ring');
  });

  it("removes bad page keys from the address as it removes bad run keys", async () => {
    const { runtime, writtenQueries } = renderApp(
      "#lag=800&writes=lots&t=1e9&speed=fast&panels=ring,radar&embed=maybe&until=soon",
    );
    await waitFor(() => expect(writtenQueries.length).toBeGreaterThan(0));
    expect(lastQuery(writtenQueries)).toBe("v=3&lag=800&panels=ring");
    expect(runtime.store.getState().speed).toBe(1);
    expect(screen.getByRole("alert")).toHaveTextContent(
      't: "1e9" is not valid: expected seconds 0 … 86400; the run opens at 0 s',
    );
  });
});
