// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { forgetAfter, marksUntil, mergeMarks } from "../../src/ui/timeline/known-marks.ts";
import { Timeline } from "../../src/ui/timeline/Timeline.tsx";
import { keyTarget, nextMark, previousMark } from "../../src/ui/timeline/timeline-scale.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";
import { fakeRuntime, renderWith } from "./tour-runtime.tsx";

afterEach(cleanup);

const S = 1_000_000_000;

/** The timeline over a run that reached 120 s and now shows 95 s (the recorded snapshot). */
function renderTimeline() {
  const fake = fakeRuntime();
  const snapshot = recordedSnapshot();
  renderWith(fake, <Timeline />);
  act(() => {
    fake.runtime.travel
      .getState()
      .receive({ type: "travel", furthestNs: 120 * S, forkedAtNs: null });
    fake.runtime.store.getState().receiveSnapshot(snapshot);
    fake.frame(snapshot);
  });
  const lastSent = () => fake.commands.at(-1);
  /** The worker's word that a seek is done (it sends the run's extent after each). */
  const seekDone = () =>
    act(() => {
      fake.runtime.travel
        .getState()
        .receive({ type: "travel", furthestNs: 120 * S, forkedAtNs: null });
    });
  return { fake, lastSent, seekDone };
}

describe("the scrubber", () => {
  it("shows the position within the run so far", () => {
    renderTimeline();
    const slider = screen.getByRole("slider", { name: "Simulated time of the run so far" });
    expect(slider).toHaveAttribute("aria-valuenow", "95");
    expect(slider).toHaveAttribute("aria-valuemax", "120");
    expect(slider).toHaveAttribute("aria-valuetext", "95.0 s of 120.0 s");
  });

  it("seeks a second with the arrow keys, ten with Shift, and to the ends with Home and End", () => {
    const { lastSent, seekDone } = renderTimeline();
    const slider = screen.getByRole("slider");
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(lastSent()).toEqual({ type: "seek", atNs: 94 * S });
    seekDone();
    fireEvent.keyDown(slider, { key: "ArrowRight", shiftKey: true });
    expect(lastSent()).toEqual({ type: "seek", atNs: 105 * S });
    seekDone();
    fireEvent.keyDown(slider, { key: "Home" });
    expect(lastSent()).toEqual({ type: "seek", atNs: 0 });
    seekDone();
    fireEvent.keyDown(slider, { key: "End" });
    expect(lastSent()).toEqual({ type: "seek", atNs: 120 * S });
  });

  it("steps from the moment last asked for while a seek is in flight, so quick keys add up", () => {
    const { fake, seekDone } = renderTimeline();
    const slider = screen.getByRole("slider");
    const seeks = () => fake.commands.filter((c) => c.type === "seek");
    fireEvent.keyDown(slider, { key: "Home" });
    fireEvent.keyDown(slider, { key: "ArrowRight", shiftKey: true });
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    seekDone();
    expect(seeks()).toEqual([
      { type: "seek", atNs: 0 },
      { type: "seek", atNs: 11 * S },
    ]);
    seekDone();
    // Nothing pending: the next key steps from the moment shown (95 s here).
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(seeks().at(-1)).toEqual({ type: "seek", atNs: 94 * S });
  });

  it("draws a marker per mark, coloured by its family, with the mark in its tooltip", () => {
    const container = document.body;
    renderTimeline();
    const markers = container.querySelectorAll(".scrubber-mark");
    expect(markers).toHaveLength(15);
    const fallback = container.querySelector('[data-kind="firstFallback"]');
    expect(fallback).toHaveAttribute("data-family", "etcd");
    expect(fallback).toHaveAttribute(
      "title",
      '3.0 s: a read hit the wall and fell back to etcd; its wait was observed at 3.0001 s, in the le="+Inf" bucket',
    );
  });

  it("seeks to a marker when it is clicked", () => {
    const { lastSent } = renderTimeline();
    // The first of the run's four doublings, 100 → 200 events.
    const marker = document.querySelector('[data-kind="ringGrow"]') as Element;
    fireEvent.pointerDown(marker, { button: 0 });
    expect(lastSent()).toEqual({ type: "seek", atNs: 8.98 * S });
  });

  it("sends one seek at a time, and then only the newest one asked for meanwhile", () => {
    const { fake, seekDone } = renderTimeline();
    const slider = screen.getByRole("slider");
    const seeks = () => fake.commands.filter((c) => c.type === "seek");
    fireEvent.keyDown(slider, { key: "Home" });
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    fireEvent.keyDown(slider, { key: "End" });
    expect(seeks()).toEqual([{ type: "seek", atNs: 0 }]);
    expect(slider).toHaveAttribute("aria-busy", "true");
    seekDone();
    expect(seeks()).toEqual([
      { type: "seek", atNs: 0 },
      { type: "seek", atNs: 120 * S },
    ]);
    seekDone();
    expect(seeks()).toHaveLength(2);
    expect(slider).toHaveAttribute("aria-busy", "false");
  });
});

describe("marker buttons", () => {
  it("jump to the previous mark; next is off after the last one", () => {
    const { lastSent } = renderTimeline();
    fireEvent.click(screen.getByRole("button", { name: /Previous marker/ }));
    // The last mark before 95 s: the herd of 2000 at 94.5 s.
    expect(lastSent()).toEqual({ type: "seek", atNs: 94.5 * S });
    expect(screen.getByRole("button", { name: /Next marker/ })).toBeDisabled();
  });
});

describe("breakpoints", () => {
  it("send the chosen kinds and lag to the worker", () => {
    const { lastSent } = renderTimeline();
    fireEvent.click(screen.getByRole("checkbox", { name: "first 429" }));
    expect(lastSent()).toEqual({ type: "breakpoints", kinds: ["first429"], lagAboveMs: null });
    fireEvent.click(screen.getByRole("checkbox", { name: "ring shrink" }));
    const lag = screen.getByRole("textbox", { name: "Lag that pauses the run" });
    fireEvent.change(lag, { target: { value: "2500" } });
    fireEvent.blur(lag);
    fireEvent.click(screen.getByRole("checkbox", { name: "lag above" }));
    expect(lastSent()).toEqual({
      type: "breakpoints",
      kinds: ["first429", "ringShrink"],
      lagAboveMs: 2500,
    });
  });

  it("say what paused the run, and the page stops playing", () => {
    const { fake } = renderTimeline();
    act(() => {
      fake.runtime.travel
        .getState()
        .receive({ type: "breakpoint", reason: "a read got 429", atNs: 3.03e9 });
    });
    // The clock's wording (one decimal) of the moment the run stopped at.
    expect(screen.getByText(/Paused at 3\.0 s: a read got 429\./)).toBeInTheDocument();
    expect(fake.runtime.store.getState().playing).toBe(false);
  });
});

describe("a fork", () => {
  it("is announced with its moment until dismissed", () => {
    const { fake } = renderTimeline();
    act(() => {
      fake.runtime.travel
        .getState()
        .receive({ type: "travel", furthestNs: 12.5 * S, forkedAtNs: 12.5 * S });
    });
    expect(screen.getByText(/Forked at 12.5 s: later changes discarded/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss the note about the fork" }));
    expect(screen.queryByText(/Forked at/)).not.toBeInTheDocument();
  });
});

describe("timeline-scale", () => {
  const marks = recordedSnapshot().marks;

  it("keyTarget clamps to the run so far", () => {
    expect(keyTarget("ArrowLeft", false, 0.5 * S, 10 * S)).toBe(0);
    expect(keyTarget("PageUp", false, 5 * S, 10 * S)).toBe(10 * S);
    expect(keyTarget("a", false, 5 * S, 10 * S)).toBeNull();
  });

  it("previousMark from a mark's own moment reaches the one before", () => {
    // From the compaction at 60.01 s: back to the ring's doubling at 44.6 s, on to the first 410.
    expect(previousMark(marks, 60_010_000_000)).toMatchObject({ kind: "ringGrow", atNs: 44.6 * S });
    expect(nextMark(marks, 60_010_000_000)?.kind).toBe("first410");
  });
});

describe("known marks", () => {
  const marks = recordedSnapshot().marks;
  // The 13 marks up to the first 410 at 60.06 s; the herd at 94.5 s among the later ones.
  const early = marks.slice(0, 13);

  it("keep the later marks after a seek back shows only the earlier ones", () => {
    const known = mergeMarks(new Map(), marks);
    expect(mergeMarks(known, early)).toBe(known);
    expect(marksUntil(known, 120 * S)).toHaveLength(15);
  });

  it("start over when a mark disagrees with one seen (another run)", () => {
    const known = mergeMarks(new Map(), marks);
    const other = [{ ...marks[0], atNs: 1 * S } as (typeof marks)[number]];
    expect(marksUntil(mergeMarks(known, other), 120 * S)).toEqual(other);
  });

  it("forget the marks after a fork", () => {
    const known = mergeMarks(new Map(), marks);
    expect(marksUntil(forgetAfter(known, 65 * S), 120 * S)).toEqual(early);
  });
});
