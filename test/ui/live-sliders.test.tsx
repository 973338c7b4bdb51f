// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  lastPosition,
  markPositions,
  positionOfValue,
  valueAtPosition,
} from "../../src/ui/controls/slider-scale.ts";
import { renderApp } from "./render-app.tsx";

afterEach(cleanup);

// The student's sliders: the lag slider jumped 2,500 → 3,000 → 4,000 ms right where fallbacks
// begin; nothing said why the cache was 9.44 s behind a 2,000 ms lag; no marks to read the scale
// by; and "Reset to defaults" among the live sliders turned gates off without a word.

const lagNearWall = {
  min: 0,
  max: 60000,
  integer: false,
  extra: [2600, 2700, 2800, 2900, 2950, 3050, 3100, 3200, 3300, 3500],
};

describe("the Watch lag scale near the wall", () => {
  it("steps by 100 ms or less from 2,500 to 3,300 ms", () => {
    const from = positionOfValue(2500, lagNearWall);
    const values: number[] = [];
    for (let p = from; valueAtPosition(p, lagNearWall) <= 3300; p++)
      values.push(valueAtPosition(p, lagNearWall));
    expect(values).toEqual([2500, 2600, 2700, 2800, 2900, 2950, 3000, 3050, 3100, 3200, 3300]);
    expect(valueAtPosition(lastPosition(lagNearWall), lagNearWall)).toBe(60000);
  });

  it("marks the decades and the finer steps", () => {
    const marked = markPositions(lagNearWall).map((p) => valueAtPosition(p, lagNearWall));
    expect(marked).toEqual(expect.arrayContaining([0, 1, 10, 100, 1000, 2950, 3050, 10000, 60000]));
    expect(marked).not.toContain(2500);
  });
});

describe("the live sliders on the page", () => {
  it("have marks and a grouped value, and the Watch lag slider steps finely near the wall", async () => {
    renderApp("#lag=2900");
    const lag = await screen.findByRole("slider", { name: "Watch lag" });
    expect(lag).toHaveAttribute("aria-valuetext", "2,900 ms");
    const marks = document.getElementById(lag.getAttribute("list") ?? "");
    const labels = [...(marks?.querySelectorAll("option") ?? [])].map((o) =>
      o.getAttribute("label"),
    );
    expect(labels).toEqual(
      expect.arrayContaining(["0", "1,000", "2,900", "2,950", "3,050", "60,000"]),
    );
  });

  it("says why the cache is further behind than the lag set", async () => {
    renderApp("#lag=60000@0,2000@5&t=8");
    expect(await screen.findByRole("slider", { name: "Watch lag" })).toHaveAttribute(
      "aria-valuetext",
      "2,000 ms",
    );
    expect(
      await screen.findByText(
        /^The cache is \d+\.\d\d s behind now, more than this lag: events sent under an earlier setting or held by a stall are still on their way\.$/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it("Reset to defaults says it resets gates and faults too", async () => {
    renderApp("#gates=ConsistentListFromCacheSkipTimeoutFallback=true");
    const reset = await screen.findByRole("button", { name: "Reset to defaults" });
    expect(reset).toHaveAccessibleDescription(
      "Everything: sliders, run settings, gates, faults and speed; the run restarts from 0 s.",
    );
  });
});

describe("the fault fields", () => {
  it("start from the run's own faults, not 5 s and 1,000 clients", async () => {
    renderApp("#stall=5-40&herd=300@10&away=7@20:30");
    expect(await screen.findByLabelText("Stall for")).toHaveValue("35");
    expect(screen.getByLabelText("Herd of")).toHaveValue("300");
    expect(screen.getByLabelText("Send")).toHaveValue("7");
    expect(screen.getByLabelText("away for")).toHaveValue("30");
  });
});
