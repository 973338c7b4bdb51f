// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SeriesView, WallView } from "../../src/sim/snapshot.ts";
import { drawFreshness } from "../../src/ui/panels/freshness/drawFreshness.ts";
import { freshnessColours } from "../../src/ui/panels/freshness/freshnessColours.ts";
import { freshnessScales } from "../../src/ui/panels/freshness/freshnessScales.ts";
import { FreshnessPanel } from "../../src/ui/panels/index.ts";
import { type CanvasTheme, lightCanvasTheme } from "../../src/ui/panels/shared/canvasTheme.ts";
import { darkCanvasTheme, darkInks } from "./fixtures/canvasThemes.ts";
import { recordingContext } from "./fixtures/recordingContext.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

afterEach(cleanup);

const size = { width: 560, height: 220 };

describe("freshnessScales", () => {
  const { series, wall } = recordedSnapshot();
  const scales = freshnessScales(series, wall, size);

  it("spans the sampled time, in seconds", () => {
    expect(scales.time.domain()).toEqual([0, 95]);
  });

  it("covers the lowest cache RV and the highest etcd revision in the upper band", () => {
    const [low, high] = scales.revision.domain() as [number, number];
    expect(low).toBeLessThanOrEqual(Math.min(...series.cacheRv));
    expect(high).toBeGreaterThanOrEqual(5_744);
    expect(scales.revision(high)).toBe(scales.box.top);
    expect(scales.revision(low)).toBe(scales.bandSplit);
  });

  it("keeps the 3 s wall inside the lag band even when the lag is small", () => {
    const calm = { ...series, lagSeconds: new Float64Array(series.tNs.length).fill(0.1) };
    const [low, high] = freshnessScales(calm, wall, size).lag.domain() as [number, number];
    expect(low).toBe(0);
    expect(high).toBeGreaterThan(3);
  });
});

/** What drawFreshness paints of `series` against `wall` on a canvas of `size`. */
function drawn(series: SeriesView, wall: WallView, theme: CanvasTheme) {
  const recording = recordingContext();
  drawFreshness(recording.context, series, wall, freshnessScales(series, wall, size), theme);
  return recording;
}

describe("drawFreshness", () => {
  it("fills the revision gap and the lag, strokes etcd dashed and the cache solid, marks the wall", () => {
    const { series, wall } = recordedSnapshot();
    const recording = drawn(series, wall, lightCanvasTheme);
    const painted = recording.paints().map((paint) => `${paint.name} ${String(paint.style)}`);
    expect(painted.filter((paint) => paint.startsWith("fill"))).toEqual([
      `fill ${freshnessColours.gap}`,
      `fill ${freshnessColours.lagFill}`,
    ]);
    const strokes = painted.filter((paint) => !paint.includes("#d8dee4"));
    expect(strokes).toEqual(
      expect.arrayContaining([
        `stroke ${freshnessColours.etcd}`,
        `stroke ${freshnessColours.cache}`,
        `stroke ${freshnessColours.lag}`,
      ]),
    );
    expect(recording.argsOf("setLineDash")[0]).toEqual([[6, 3]]);
    expect(recording.texts()).toContain("3 s wall");
    expect(recording.texts()).toEqual(expect.arrayContaining(["20 s", "40 s", "60 s", "80 s"]));
  });

  it("draws one line segment per sample", () => {
    const { series, wall } = recordedSnapshot();
    const recording = drawn(series, wall, lightCanvasTheme);
    // etcd, cache and lag lines: one moveTo then n − 1 lineTo each; the two bands add 2 × (2n − 1).
    const n = series.tNs.length;
    expect(n).toBe(240);
    const lineTos = recording.argsOf("lineTo").length;
    const grid = recording.argsOf("moveTo").length - 3 - 2 - 1;
    expect(lineTos).toBe(3 * (n - 1) + 2 * (2 * n - 1) + grid + 1);
  });

  it("says it is collecting samples until there are two", () => {
    const snapshot = recordedSnapshot();
    const { wall } = snapshot;
    const series = { ...snapshot.series, tNs: new Float64Array([1]) };
    const recording = drawn(series, wall, lightCanvasTheme);
    expect(recording.texts()).toEqual(["Collecting samples…"]);
    expect(recording.argsOf("stroke")).toHaveLength(0);
  });

  it("draws labels, wall and grid in the dark theme's ink on a dark page", () => {
    const { series, wall } = recordedSnapshot();
    const recording = drawn(series, wall, darkCanvasTheme);
    const labels = recording.inkedTexts();
    expect(labels).toContainEqual({ text: "3 s wall", style: darkCanvasTheme.text });
    expect(labels).toContainEqual({ text: "60 s", style: darkCanvasTheme.muted });
    expect(labels.every((label) => darkInks.has(String(label.style)))).toBe(true);
    const strokes = recording.paints().filter((paint) => paint.name === "stroke");
    expect(strokes).toContainEqual({ name: "stroke", style: darkCanvasTheme.grid });
    expect(strokes).not.toContainEqual({ name: "stroke", style: lightCanvasTheme.grid });
  });
});

describe("a run with a 10 s wall (blockTimeout=10000)", () => {
  const wall = { ...recordedSnapshot().wall, blockTimeoutNs: 10e9 };

  it("draws and labels the wall at 10 s, inside the lag band", () => {
    const { series } = recordedSnapshot();
    const scales = freshnessScales(series, wall, size);
    expect(scales.lag.domain()[1]).toBeGreaterThan(10);
    const recording = recordingContext();
    drawFreshness(recording.context, series, wall, scales, lightCanvasTheme);
    expect(recording.texts()).toContain("10 s wall");
    expect(recording.texts()).not.toContain("3 s wall");
  });

  it("says 10 s in the caption and flags a lag only past 10 s", () => {
    const { rerender } = render(
      <FreshnessPanel snapshot={{ ...recordedSnapshot(), wall, lagSeconds: 3.2 }} />,
    );
    expect(screen.getByText(/against the 10 s wall/)).toBeInTheDocument();
    expect(screen.getByText("lag 3.20 s")).not.toHaveClass("wcl-alarm");
    rerender(<FreshnessPanel snapshot={{ ...recordedSnapshot(), wall, lagSeconds: 10.5 }} />);
    expect(screen.getByText("lag 10.50 s")).toHaveClass("wcl-alarm");
  });
});

describe("FreshnessPanel", () => {
  it("labels the gap between etcd and the cache as lag", () => {
    render(<FreshnessPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/revisions behind/)).toHaveTextContent(
      "etcd at 5,744 · cache at 5,566 · 178 revisions behind · lag 3.15 s",
    );
    expect(screen.getByRole("img")).toHaveAccessibleName(/lag 3\.15 seconds/);
  });

  it("flags a lag at or past the 3 s wall, and not one short of it", () => {
    // The recorded cache is 3.15 s behind: past the wall.
    render(<FreshnessPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText("lag 3.15 s")).toHaveClass("wcl-alarm");
    cleanup();
    render(<FreshnessPanel snapshot={{ ...recordedSnapshot(), lagSeconds: 2.9 }} />);
    expect(screen.getByText("lag 2.90 s")).not.toHaveClass("wcl-alarm");
  });
});
