// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SHORTCUTS, shortcutFor } from "../../src/ui/a11y/shortcuts.ts";
import { currentTheme, memoryStorage } from "../../src/ui/a11y/theme.ts";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

const press = (key: string, target: EventTarget | null = document.body) =>
  shortcutFor({ key, target, ctrlKey: false, metaKey: false, altKey: false });

describe("shortcutFor", () => {
  it("maps each key of the table to its action", () => {
    for (const shortcut of SHORTCUTS) expect(press(shortcut.key)).toBe(shortcut.action);
  });

  it("leaves typing in fields alone", () => {
    for (const tag of ["input", "textarea", "select"]) {
      expect(press("s", document.createElement(tag))).toBeNull();
    }
  });

  it("lets Space press a control the reader tabbed to, and play/pause one merely focused", () => {
    const button = document.createElement("button");
    const tabbed = (key: string, target: EventTarget) =>
      shortcutFor({ key, target, ctrlKey: false, metaKey: false, altKey: false, tabbed: true });
    expect(tabbed(" ", button)).toBeNull();
    expect(press(" ", button)).toBe("playPause");
    expect(press(".", button)).toBe("step");
    expect(tabbed("k", button)).toBe("playPause");
  });

  it("keeps every shortcut working while a checkbox or slider has focus", () => {
    for (const type of ["checkbox", "range"]) {
      const input = document.createElement("input");
      input.type = type;
      expect(press(".", input)).toBe("step");
      expect(press("s", input)).toBe("share");
      expect(press(" ", input)).toBe("playPause");
    }
  });

  it("ignores chords with modifiers", () => {
    const target = document.body;
    expect(shortcutFor({ key: "s", target, ctrlKey: true, metaKey: false, altKey: false })).toBe(
      null,
    );
  });
});

describe("keyboard control of the page", () => {
  it("pauses and plays with Space, steps with the full stop", async () => {
    const { runtime } = renderApp();
    fireEvent.keyDown(document.body, { key: " " });
    expect(runtime.store.getState().playing).toBe(false);
    await waitFor(() => expect(runtime.live.get()).not.toBeNull());
    const before = runtime.live.get()?.snapshot.nowNs ?? 0;
    fireEvent.keyDown(document.body, { key: "." });
    await waitFor(() => expect(runtime.live.get()?.snapshot.nowNs).toBe(before + 100_000_000));
    fireEvent.keyDown(document.body, { key: " " });
    expect(runtime.store.getState().playing).toBe(true);
  });

  it("pauses with Space after a click on a button, without pressing the button again", async () => {
    const { runtime, writtenQueries } = renderApp();
    await waitFor(() => expect(runtime.live.get()).not.toBeNull());
    const herd = screen.getByRole("button", { name: "Send a herd of consistent LISTs" });
    fireEvent.pointerDown(herd);
    herd.focus();
    fireEvent.click(herd);
    const pressedSpace = fireEvent.keyDown(herd, { key: " " });
    expect(pressedSpace).toBe(false); // the button's own Space press is cancelled
    expect(runtime.store.getState().playing).toBe(false);
    await waitFor(() => expect(writtenQueries.at(-1)).toMatch(/herd=1000@[\d.]+$/));
  });

  it("presses the tabbed-to button with Space and leaves play alone", () => {
    const { runtime } = renderApp();
    const herd = screen.getByRole("button", { name: "Send a herd of consistent LISTs" });
    fireEvent.keyDown(document.body, { key: "Tab" });
    herd.focus();
    expect(fireEvent.keyDown(herd, { key: " " })).toBe(true);
    expect(runtime.store.getState().playing).toBe(true);
  });

  it("halves and doubles the speed with the brackets", () => {
    const { runtime } = renderApp();
    fireEvent.keyDown(document.body, { key: "]" });
    expect(runtime.store.getState().speed).toBe(2);
    fireEvent.keyDown(document.body, { key: "[" });
    fireEvent.keyDown(document.body, { key: "[" });
    expect(runtime.store.getState().speed).toBe(0.5);
  });

  it("does nothing while the reader types in a field", () => {
    const { runtime } = renderApp();
    fireEvent.keyDown(screen.getByLabelText("Seed"), { key: " " });
    expect(runtime.store.getState().playing).toBe(true);
  });

  it("opens the Export menu with e, and Escape closes it", () => {
    renderApp();
    fireEvent.keyDown(document.body, { key: "e" });
    const menu = screen.getByText("Export").closest("details");
    expect(menu).toHaveAttribute("open");
    fireEvent.keyDown(screen.getByRole("button", { name: "Time series, CSV" }), { key: "Escape" });
    expect(menu).not.toHaveAttribute("open");
  });

  it("opens a sheet listing every shortcut with ?", () => {
    renderApp();
    fireEvent.keyDown(document.body, { key: "?" });
    const sheet = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const shortcut of SHORTCUTS) {
      expect(within(sheet).getByText(shortcut.description)).toBeInTheDocument();
    }
  });
});

describe("the theme toggle", () => {
  it("shows the theme on <html> and remembers the choice outside the scenario", async () => {
    const { writtenQueries } = renderApp("#lag=800");
    const toggle = screen.getByRole("button", { name: "Dark theme" });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(document.documentElement.dataset["theme"]).toBe("dark");
    expect(localStorage.getItem("wcl-theme")).toBe("dark");
    fireEvent.click(toggle);
    expect(document.documentElement.dataset["theme"]).toBe("light");
    expect(writtenQueries.join("&")).not.toContain("theme");
  });
});

describe("currentTheme", () => {
  const env = (prefersDark: boolean) => ({
    storage: memoryStorage(),
    prefersDark: () => prefersDark,
    watchSystem: () => () => {},
  });

  it("follows the system until the reader chooses", () => {
    const dark = env(true);
    expect(currentTheme(dark)).toBe("dark");
    dark.storage.setItem("wcl-theme", "light");
    expect(currentTheme(dark)).toBe("light");
  });

  it("ignores a stored value it does not know", () => {
    const light = env(false);
    light.storage.setItem("wcl-theme", "sepia");
    expect(currentTheme(light)).toBe("light");
  });
});
