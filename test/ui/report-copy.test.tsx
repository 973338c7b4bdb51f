// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const setClipboard = (clipboard: { writeText: (text: string) => Promise<void> } | undefined) =>
  Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });

describe("Copy report", () => {
  it("says the clipboard could not be reached when Copy again finds none", async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    setClipboard({ writeText });
    const { runtime } = renderApp();
    await waitFor(() => expect(runtime.live.get()).not.toBeNull());
    fireEvent.keyDown(document.body, { key: "e" });
    fireEvent.click(screen.getByRole("button", { name: "Copy report, Markdown" }));
    const sheet = await screen.findByRole("dialog", { name: "Report for the incident" });
    const status = within(sheet).getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent("Copied to the clipboard"));
    expect(writeText).toHaveBeenCalledOnce();

    // An insecure origin has no navigator.clipboard at all: the button says so, it does not throw.
    setClipboard(undefined);
    fireEvent.click(within(sheet).getByRole("button", { name: "Copy again" }));
    await waitFor(() =>
      expect(status).toHaveTextContent("Could not reach the clipboard: select the text"),
    );
  });
});
