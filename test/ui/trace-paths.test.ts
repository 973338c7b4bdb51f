import { scaleLinear } from "d3";
import { describe, expect, it } from "vitest";
import type { CanvasLike } from "../../src/ui/panels/shared/canvasLike.ts";
import { traceBand, traceLine } from "../../src/ui/panels/shared/drawTimeSeries.ts";

// The time series are traced by d3-shape on the canvas context: the same path a hand-written
// moveTo/lineTo loop draws, point for point (a line forward; a band's upper edge forward, its
// lower edge back, closed).

function recorder() {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: number[]) =>
      calls.push(`${name}(${args.join(",")})`);
  const context = {
    beginPath: record("beginPath"),
    moveTo: record("moveTo"),
    lineTo: record("lineTo"),
    closePath: record("closePath"),
  } as unknown as CanvasLike;
  return { calls, context };
}

const x = scaleLinear().domain([0, 10]).range([0, 100]);
const y = scaleLinear().domain([0, 10]).range([100, 0]);
const tNs = Float64Array.from([0, 1e9, 2e9]);

describe("traced paths", () => {
  it("a line goes through each point in order", () => {
    const { calls, context } = recorder();
    traceLine(context, tNs, Float64Array.from([1, 5, 3]), x, y);
    expect(calls).toEqual(["beginPath()", "moveTo(0,90)", "lineTo(10,50)", "lineTo(20,70)"]);
  });

  it("a band goes forward on its upper edge, back on its lower, and closes", () => {
    const { calls, context } = recorder();
    traceBand(context, tNs, Float64Array.from([4, 6, 5]), 0, x, y);
    expect(calls).toEqual([
      "beginPath()",
      "moveTo(0,60)",
      "lineTo(10,40)",
      "lineTo(20,50)",
      "lineTo(20,100)",
      "lineTo(10,100)",
      "lineTo(0,100)",
      "closePath()",
    ]);
  });
});
