// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { canvasTheme, lightCanvasTheme } from "../../src/ui/panels/shared/canvasTheme.ts";
import { useCanvasTheme } from "../../src/ui/panels/shared/useCanvasTheme.ts";

const root = document.documentElement;

afterEach(() => {
  cleanup();
  root.removeAttribute("style");
  delete root.dataset["theme"];
});

// Stands in for theme.css: jsdom resolves custom properties set inline on <html>.
function paintDark() {
  root.style.setProperty("--ink", "#e6edf3");
  root.style.setProperty("--muted", "#a3adb8");
  root.style.setProperty("--line", "#3d444d");
  root.style.setProperty("--canvas-empty", "#30363d");
}

describe("canvasTheme", () => {
  it("falls back to the light ink when the page sets no variables", () => {
    expect(canvasTheme(root)).toEqual(lightCanvasTheme);
  });

  it("reads the theme's ink, muted, line and empty colours from CSS variables", () => {
    paintDark();
    expect(canvasTheme(root)).toEqual({
      text: "#e6edf3",
      muted: "#a3adb8",
      grid: "#3d444d",
      empty: "#30363d",
      focus: "#e6edf3",
    });
  });
});

describe("useCanvasTheme", () => {
  it("reads the colours again when <html data-theme> changes, so canvases redraw", async () => {
    root.dataset["theme"] = "light";
    const { result } = renderHook(() => useCanvasTheme());
    expect(result.current.text).toBe(lightCanvasTheme.text);
    const light = result.current;
    await act(async () => {
      paintDark();
      root.dataset["theme"] = "dark";
      // MutationObserver reports in a microtask.
      await Promise.resolve();
    });
    expect(result.current.text).toBe("#e6edf3");
    expect(result.current).not.toBe(light);
  });
});
