// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PANEL_CATALOG } from "../../src/ui/layout/panelCatalog.tsx";
import {
  formatClock,
  formatCompactCount,
  formatCount,
  formatDuration,
  formatPercent,
} from "../../src/ui/panels/shared/format.ts";

afterEach(cleanup);

const S = 1_000_000_000;

describe("format", () => {
  it("groups digits in counts", () => {
    expect(formatCount(102_400)).toBe("102,400");
  });
  it("shortens large counts for narrow bars", () => {
    expect(formatCompactCount(9_999)).toBe("9,999");
    expect(formatCompactCount(17_371)).toBe("17.4k");
    expect(formatCompactCount(1_250_000)).toBe("1.25M");
  });
  it("shows durations in ms under a second and in seconds above", () => {
    expect(formatDuration(350_000_000)).toBe("350 ms");
    expect(formatDuration(2.6 * S)).toBe("2.60 s");
    expect(formatDuration(75 * S)).toBe("75.0 s");
  });
  it("keeps rare shares visible", () => {
    expect(formatPercent(1, 687)).toBe("<1%");
    expect(formatPercent(143, 687)).toBe("21%");
    expect(formatPercent(0, 0)).toBe("0%");
  });
  it("labels simulated time in seconds throughout, as the clock does", () => {
    expect(formatClock(2.5 * S)).toBe("2.5 s");
    expect(formatClock(95 * S)).toBe("95 s");
    expect(formatClock(125 * S)).toBe("125 s");
    expect(formatClock(3725 * S)).toBe("3725 s");
  });
});

describe("every panel of the grid", () => {
  it.each(PANEL_CATALOG.map((entry) => [entry.title, entry] as const))(
    "%s has a title, a caption and a waiting state for a null snapshot",
    (title, entry) => {
      render(entry.render({ snapshot: null, prometheusText: async () => "" }));
      const region = screen.getByRole("region", { name: title });
      expect(region.querySelector(".wcl-panel__caption")?.textContent?.length).toBeGreaterThan(60);
      expect(screen.getByRole("status")).toHaveTextContent("Waiting for the simulation…");
    },
  );
});
