// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RingSummary, SimSnapshot } from "../../src/sim/snapshot.ts";
import { RingPanel } from "../../src/ui/panels/index.ts";
import { ageRuns } from "../../src/ui/panels/ring/ageRuns.ts";
import {
  createCapacityTracker,
  displayedCapacity,
  nextCapacityTransition,
  RESIZE_TRANSITION_NS,
  settledAt,
  transitionProgress,
} from "../../src/ui/panels/ring/capacityTransition.ts";
import { drawRing } from "../../src/ui/panels/ring/drawRing.ts";
import { resizeOutlook } from "../../src/ui/panels/ring/resizeOutlook.ts";
import { ageClass, ageColours } from "../../src/ui/panels/ring/ringAge.ts";
import {
  indexAngle,
  indexAtAngle,
  placeRing,
  pointerAngle,
  quarterIndex,
  segmentAngles,
  segmentAt,
} from "../../src/ui/panels/ring/ringGeometry.ts";
import { ringLayout } from "../../src/ui/panels/ring/ringLayout.ts";
import { type CanvasTheme, lightCanvasTheme } from "../../src/ui/panels/shared/canvasTheme.ts";
import { darkCanvasTheme, darkInks } from "./fixtures/canvasThemes.ts";
import { recordingContext } from "./fixtures/recordingContext.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

const S = 1_000_000_000;
const TAU = 2 * Math.PI;
const normalised = (angle: number) => ((angle % TAU) + TAU) % TAU;

function smallRing(overrides: Partial<RingSummary> = {}): RingSummary {
  return {
    capacity: 8,
    lowerBound: 4,
    upperBound: 64,
    startIndex: 2,
    endIndex: 10,
    freshWindowNs: 75 * S,
    oldestAgeNs: 80 * S,
    quarterAgeNs: 10 * S,
    segments: [
      {
        fromIndex: 2,
        toIndex: 4,
        oldestRv: 20,
        newestRv: 21,
        oldestAgeNs: 80 * S,
        newestAgeNs: 70 * S,
      },
      {
        fromIndex: 4,
        toIndex: 7,
        oldestRv: 22,
        newestRv: 24,
        oldestAgeNs: 50 * S,
        newestAgeNs: 30 * S,
      },
      {
        fromIndex: 7,
        toIndex: 10,
        oldestRv: 25,
        newestRv: 27,
        oldestAgeNs: 20 * S,
        newestAgeNs: 1 * S,
      },
    ],
    increases: 1,
    decreases: 0,
    ...overrides,
  };
}

describe("ring geometry", () => {
  it("places event i in slot i % capacity when the ring is at rest", () => {
    const ring = smallRing();
    const placement = placeRing(ring);
    for (let index = ring.startIndex; index < ring.endIndex; index++) {
      expect(normalised(indexAngle(placement, index))).toBeCloseTo((TAU * (index % 8)) / 8);
    }
  });

  it("turns a segment into the arc between its first slot and the slot after its last", () => {
    const ring = smallRing();
    const [, middle] = ring.segments;
    if (!middle) throw new Error("the small ring has three segments");
    const angles = segmentAngles(placeRing(ring), middle);
    expect(normalised(angles.startAngle)).toBeCloseTo((TAU * 4) / 8);
    expect(angles.endAngle - angles.startAngle).toBeCloseTo((TAU * 3) / 8);
  });

  it("squeezes the live region into half the circle while drawn at double capacity", () => {
    const ring = smallRing();
    const placement = placeRing(ring, 16);
    const first = indexAngle(placement, ring.startIndex);
    const afterLast = indexAngle(placement, ring.endIndex);
    expect(afterLast - first).toBeCloseTo(Math.PI);
    expect(afterLast).toBeCloseTo(placement.headAngle);
  });

  it("finds the event under an angle, and none in an empty slot", () => {
    const ring = smallRing({ startIndex: 5 });
    const placement = placeRing(ring);
    for (let index = 5; index < 10; index++) {
      const middleOfSlot = indexAngle(placement, index) + TAU / 16;
      expect(indexAtAngle(placement, ring, normalised(middleOfSlot))).toBe(index);
    }
    const emptySlot = normalised(indexAngle(placement, 3) + TAU / 16);
    expect(indexAtAngle(placement, ring, emptySlot)).toBeNull();
  });

  it("finds the segment holding an index by binary search", () => {
    const { segments } = smallRing();
    expect(segmentAt(segments, 2)).toBe(0);
    expect(segmentAt(segments, 4)).toBe(1);
    expect(segmentAt(segments, 6)).toBe(1);
    expect(segmentAt(segments, 9)).toBe(2);
    expect(segmentAt(segments, 10)).toBeNull();
    expect(segmentAt(segments, 1)).toBeNull();
    // An index between two segments that do not meet belongs to neither.
    const gapped = segments.filter((_, i) => i !== 1);
    expect(segmentAt(gapped, 5)).toBeNull();
    expect(segmentAt(gapped, 7)).toBe(1);
    expect(segmentAt([], 3)).toBeNull();
  });

  it("measures pointer angles from twelve o'clock, clockwise", () => {
    expect(pointerAngle(0, -1)).toBeCloseTo(0);
    expect(pointerAngle(1, 0)).toBeCloseTo(Math.PI / 2);
    expect(pointerAngle(0, 1)).toBeCloseTo(Math.PI);
    expect(pointerAngle(-1, 0)).toBeCloseTo((3 * Math.PI) / 2);
  });

  it("puts the shrink test's event at endIndex − capacity/4 with integer division", () => {
    expect(quarterIndex(smallRing({ capacity: 5, startIndex: 5, endIndex: 10 }))).toBe(9);
    expect(quarterIndex(smallRing())).toBe(8);
  });
});

describe("ageRuns", () => {
  const segment = (fromIndex: number, toIndex: number, ageS: number) => ({
    fromIndex,
    toIndex,
    oldestRv: fromIndex,
    newestRv: toIndex - 1,
    oldestAgeNs: ageS * S,
    newestAgeNs: ageS * S,
  });

  it("merges neighbouring segments of one age class into a band", () => {
    const segments = [segment(0, 5, 90), segment(5, 9, 80), segment(9, 12, 50), segment(12, 20, 5)];
    expect(ageRuns(segments, 75 * S)).toEqual([
      { fromIndex: 0, toIndex: 9, ageClass: "stale" },
      { fromIndex: 9, toIndex: 12, ageClass: "ageing" },
      { fromIndex: 12, toIndex: 20, ageClass: "fresh" },
    ]);
  });

  it("does not bridge a gap between segments", () => {
    expect(ageRuns([segment(0, 5, 1), segment(7, 9, 1)], 75 * S)).toHaveLength(2);
  });
});

describe("ageClass", () => {
  it("splits ages at half the window and at the window", () => {
    expect(ageClass(10 * S, 75 * S)).toBe("fresh");
    expect(ageClass(40 * S, 75 * S)).toBe("ageing");
    expect(ageClass(75 * S, 75 * S)).toBe("stale");
    expect(ageClass(80 * S, 150 * S)).toBe("ageing");
  });
});

describe("resizeOutlook", () => {
  it("says steady when the oldest event is stale but the ¼-point event is fresh", () => {
    expect(resizeOutlook(recordedSnapshot().ring)).toBe("steady");
  });
  it("predicts a doubling when full and the oldest event is fresh, unless at the upper bound", () => {
    expect(resizeOutlook(smallRing({ oldestAgeNs: 74 * S }))).toBe("grow");
    expect(resizeOutlook(smallRing({ oldestAgeNs: 74 * S, upperBound: 8 }))).toBe("atUpperBound");
  });
  it("predicts a halving when the ¼-point event is stale, unless at the lower bound", () => {
    expect(resizeOutlook(smallRing({ quarterAgeNs: 76 * S }))).toBe("shrink");
    expect(resizeOutlook(smallRing({ quarterAgeNs: 76 * S, lowerBound: 8 }))).toBe("atLowerBound");
  });
  it("says filling while the ring has empty slots", () => {
    expect(resizeOutlook(smallRing({ startIndex: 4, quarterAgeNs: null }))).toBe("filling");
  });
});

describe("capacity transition", () => {
  it("starts when the capacity changes and runs on the simulated clock", () => {
    const before = settledAt(100, 10 * S);
    const doubling = nextCapacityTransition(before, 200, 11 * S);
    expect(doubling).toEqual({ fromCapacity: 100, toCapacity: 200, startedAtNs: 11 * S });
    const halfway = transitionProgress(doubling, 11 * S + RESIZE_TRANSITION_NS / 2, false);
    expect(halfway).toBeCloseTo(0.5);
    expect(displayedCapacity(doubling, halfway)).toBeCloseTo(100 * Math.SQRT2);
    expect(transitionProgress(doubling, 11 * S + RESIZE_TRANSITION_NS, false)).toBe(1);
  });

  it("jumps to the end under prefers-reduced-motion", () => {
    const doubling = nextCapacityTransition(settledAt(100, 0), 200, S);
    expect(transitionProgress(doubling, S, true)).toBe(1);
    expect(displayedCapacity(doubling, 1)).toBe(200);
  });

  it("settles at once when the clock goes back (seek or reset)", () => {
    const doubling = nextCapacityTransition(settledAt(100, 0), 200, 5 * S);
    expect(nextCapacityTransition(doubling, 100, 2 * S)).toEqual(settledAt(100, 2 * S));
  });

  it("settles a resize first seen after the clock jumped ahead, and animates one seen in step", () => {
    const tracker = createCapacityTracker();
    tracker.advance(200, 10 * S);
    // Opened at t = 20 s: the ring doubled somewhere in the jump; paused here, it must show 400.
    const jumped = tracker.advance(400, 20 * S);
    expect(jumped).toEqual(settledAt(400, 20 * S));
    expect(displayedCapacity(jumped, transitionProgress(jumped, 20 * S, false))).toBe(400);
    // Frame after frame, a doubling animates from the frame it is seen in.
    const step = RESIZE_TRANSITION_NS / 10;
    expect(tracker.advance(800, 20 * S + step)).toEqual({
      fromCapacity: 400,
      toCapacity: 800,
      startedAtNs: 20 * S + step,
    });
  });
});

describe("drawRing", () => {
  /** What drawRing paints of `ring` at rest on a 300 × 240 canvas. */
  const drawn = (
    ring: RingSummary,
    selectedSegment: number | null = null,
    theme: CanvasTheme = lightCanvasTheme,
  ) => {
    const recording = recordingContext();
    drawRing(recording.context, {
      ring,
      placement: placeRing(ring),
      layout: ringLayout({ width: 300, height: 240 }),
      selectedSegment,
      theme,
    });
    return recording;
  };
  const drawSmallRing = (selectedSegment: number | null, theme: CanvasTheme = lightCanvasTheme) =>
    drawn(smallRing(), selectedSegment, theme);

  it("fills the empty track, then each age band in its colour", () => {
    const fills = drawSmallRing(null)
      .paints()
      .filter((paint) => paint.name === "fill")
      .map((paint) => paint.style);
    expect(fills).toEqual([
      lightCanvasTheme.empty,
      ageColours.stale,
      ageColours.ageing,
      ageColours.fresh,
    ]);
  });

  it("marks the quarter point and, in a full ring, the write head that meets the oldest event", () => {
    const texts = drawSmallRing(null).texts();
    expect(texts).toEqual(["¼ point", "next write", "evicts oldest", "8", "slots"]);
  });

  it("says a ring one event short of full evicts nothing, in one label beside the head", () => {
    // 51,135 of 51,200: the oldest event sits a hair past the head, but nothing is evicted yet,
    // and the two marks' labels must not print over each other.
    const ring = smallRing({
      capacity: 51_200,
      startIndex: 0,
      endIndex: 51_135,
      quarterAgeNs: null,
      segments: [],
    });
    const recording = drawn(ring);
    expect(recording.texts()).toEqual(["next write", "65 free, then oldest", "51,200", "slots"]);
  });

  it("labels the oldest event on its own when it is far from the head", () => {
    const ring = smallRing({ capacity: 8, startIndex: 6, endIndex: 10, quarterAgeNs: null });
    const recording = drawn(ring);
    expect(recording.texts()).toEqual(["oldest", "next write", "8", "slots"]);
  });

  it("outlines the selected segment with one extra focus-coloured stroke", () => {
    const focusStrokes = (selected: number | null) =>
      drawSmallRing(selected)
        .paints()
        .filter((paint) => paint.name === "stroke" && paint.style === lightCanvasTheme.focus)
        .length;
    expect(focusStrokes(1) - focusStrokes(null)).toBe(1);
  });

  it("draws its marks, labels, track and focus in the dark theme's colours on a dark page", () => {
    const recording = drawSmallRing(1, darkCanvasTheme);
    expect(recording.inkedTexts()).toEqual([
      { text: "¼ point", style: darkCanvasTheme.text },
      { text: "next write", style: darkCanvasTheme.text },
      { text: "evicts oldest", style: darkCanvasTheme.text },
      { text: "8", style: darkCanvasTheme.text },
      { text: "slots", style: darkCanvasTheme.muted },
    ]);
    const paints = recording.paints();
    expect(paints[0]).toEqual({ name: "fill", style: darkCanvasTheme.empty });
    const strokes = paints.filter((paint) => paint.name === "stroke");
    expect(strokes.every((stroke) => darkInks.has(String(stroke.style)))).toBe(true);
  });

  it("draws every sector as two arcs around the centre", () => {
    const arcs = drawSmallRing(null).argsOf("arc");
    expect(arcs).toHaveLength(2 * 4);
    expect(arcs.every((args) => args[0] === 150 && args[1] === 120)).toBe(true);
  });
});

describe("RingPanel", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("states capacity, bounds, ages and resizes from the snapshot", () => {
    render(<RingPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText("capacity").nextElementSibling).toHaveTextContent(
      "1,600 (bounds 100–102,400)",
    );
    expect(screen.getByText("events held").nextElementSibling).toHaveTextContent(
      "1,600 [#154, #1,754)",
    );
    expect(screen.getByText("oldest event").nextElementSibling).toHaveTextContent("85.2 s old");
    expect(screen.getByText("¼ point").nextElementSibling).toHaveTextContent("20.8 s old");
    expect(screen.getByText("resizes").nextElementSibling).toHaveTextContent("4 up, 0 down");
    expect(
      screen.getByText(/the oldest of the most recent quarter\) is not: the size holds/),
    ).toBeInTheDocument();
  });

  it("describes a segment picked with the keyboard", () => {
    render(<RingPanel snapshot={recordedSnapshot()} />);
    const ring = screen.getByRole("slider", { name: "History ring segment" });
    fireEvent.keyDown(ring, { key: "ArrowRight" });
    const first =
      "25 events (#154–#178), RV 1,350–1,407, 85.2 s to 83.8 s old: older than the window.";
    expect(ring).toHaveAttribute("aria-valuetext", first);
    expect(screen.getByText(first)).toHaveClass("wcl-detail");
    fireEvent.keyDown(ring, { key: "End" });
    expect(ring).toHaveAttribute("aria-valuenow", "64");
    expect(ring.getAttribute("aria-valuetext")).toMatch(/#1,729–#1,753.*: fresh\.$/);
    fireEvent.keyDown(ring, { key: "Escape" });
    expect(ring).toHaveAttribute("aria-valuetext", "none picked");
  });

  it("draws the ring on its canvas and animates a doubling on the simulated clock", () => {
    const recording = recordingContext();
    const setTransform = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
      () =>
        Object.assign(recording.context, { setTransform }) as unknown as CanvasRenderingContext2D,
    );
    const snapshot = recordedSnapshot();
    const { rerender } = render(<RingPanel snapshot={snapshot} />);
    // The track, then one band per age class: stale, ageing, fresh.
    expect(recording.argsOf("arc")).toHaveLength(2 * (1 + 3));
    expect(liveSpan(recording.argsOf("arc"))).toBeCloseTo(TAU);

    const doubled = doubledNow(snapshot);
    act(() => rerender(<RingPanel snapshot={doubled} />));
    expect(screen.getByText(/Doubled/)).toHaveTextContent("Doubled: 1,600 → 3,200 slots at 95 s");

    recording.calls.length = 0;
    const later = { ...doubled, nowNs: doubled.nowNs + RESIZE_TRANSITION_NS / 6 };
    act(() => rerender(<RingPanel snapshot={later} />));
    // A sixth of the way through: 1,600 events drawn as if the ring had 1,600·2^(1/6) slots.
    expect(liveSpan(recording.argsOf("arc"))).toBeCloseTo(TAU / 2 ** (1 / 6));
    expect(recording.texts()).toContain("3,200");

    recording.calls.length = 0;
    const settled = { ...doubled, nowNs: doubled.nowNs + RESIZE_TRANSITION_NS };
    act(() => rerender(<RingPanel snapshot={settled} />));
    expect(liveSpan(recording.argsOf("arc"))).toBeCloseTo(Math.PI);
  });
});

describe("RingPanel under prefers-reduced-motion", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("jumps straight to the new capacity", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(prefers-reduced-motion: reduce)",
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const recording = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
      () =>
        Object.assign(recording.context, {
          setTransform: vi.fn(),
        }) as unknown as CanvasRenderingContext2D,
    );
    const snapshot = recordedSnapshot();
    const { rerender } = render(<RingPanel snapshot={snapshot} />);
    recording.calls.length = 0;
    const doubled = doubledNow(snapshot);
    act(() => rerender(<RingPanel snapshot={doubled} />));
    expect(liveSpan(recording.argsOf("arc"))).toBeCloseTo(Math.PI);
  });
});

/** The next frame of a run whose ring doubles now: its capacity, and the mark the model records. */
function doubledNow(snapshot: SimSnapshot): SimSnapshot {
  const { capacity, increases } = snapshot.ring;
  const grew = {
    seq: snapshot.markCount,
    atNs: snapshot.nowNs,
    kind: "ringGrow" as const,
    detail: `the history ring grew from ${capacity} to ${2 * capacity} events`,
    capacity: { from: capacity, to: 2 * capacity },
  };
  return {
    ...snapshot,
    ring: { ...snapshot.ring, capacity: 2 * capacity, increases: increases + 1 },
    marks: [...snapshot.marks, grew],
    markCount: snapshot.markCount + 1,
  };
}

/** The angle the live region covers: the outer arcs of its bands, after the empty track's. */
function liveSpan(arcs: unknown[][]): number {
  const outerArcs = arcs.filter((_, i) => i % 2 === 0).slice(1);
  return outerArcs.reduce((sum, args) => sum + (Number(args[4]) - Number(args[3])), 0);
}
