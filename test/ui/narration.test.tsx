// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MarkView } from "../../src/sim/marks.ts";
import { ANNOUNCE_EVERY_MS, coalesce, createAnnouncer } from "../../src/ui/narration/announcer.ts";
import { Narration } from "../../src/ui/narration/Narration.tsx";
import { fakeRuntime, quietSnapshot, renderWith } from "./tour-runtime.tsx";

afterEach(cleanup);

/** An announcer on a hand-driven wall clock. */
function announcerOnClock() {
  let nowMs = 0;
  const said: string[] = [];
  let due: { atMs: number; callback: () => void } | null = null;
  const announcer = createAnnouncer({
    say: (text) => said.push(text),
    nowMs: () => nowMs,
    later: (callback, ms) => {
      due = { atMs: nowMs + ms, callback };
      return () => {
        due = null;
      };
    },
  });
  const advance = (ms: number) => {
    nowMs += ms;
    if (due !== null && due.atMs <= nowMs) {
      const { callback } = due;
      due = null;
      callback();
    }
  };
  return { announcer, said, advance };
}

describe("the narration's rate limit", () => {
  it("says the first event at once", () => {
    const { announcer, said } = announcerOnClock();
    announcer.add(["At 1 s, a read parked on the condition variable."]);
    expect(said).toEqual(["At 1 s, a read parked on the condition variable."]);
  });

  it(`says at most one thing per ${ANNOUNCE_EVERY_MS} ms, coalescing what came in between`, () => {
    const { announcer, said, advance } = announcerOnClock();
    announcer.add(["one."]);
    advance(100);
    announcer.add(["two."]);
    advance(100);
    announcer.add(["three.", "four."]);
    expect(said).toEqual(["one."]);
    advance(ANNOUNCE_EVERY_MS - 300);
    expect(said).toEqual(["one."]);
    advance(100);
    expect(said).toEqual(["one.", "two. three. And 1 more notable event."]);
  });

  it("spells out two sentences and counts the rest", () => {
    expect(coalesce(["a.", "b."])).toBe("a. b.");
    expect(coalesce(["a.", "b.", "c.", "d."])).toBe("a. b. And 2 more notable events.");
  });

  it("says nothing after it stops", () => {
    const { announcer, said, advance } = announcerOnClock();
    announcer.add(["one."]);
    announcer.add(["two."]);
    announcer.stop();
    advance(ANNOUNCE_EVERY_MS * 2);
    expect(said).toEqual(["one."]);
  });
});

const mark = (seq: number, seconds: number, detail: string): MarkView => ({
  seq,
  atNs: seconds * 1e9,
  kind: "firstWait",
  detail,
});

describe("<Narration>", () => {
  it("announces a new mark politely and logs it", () => {
    const fake = fakeRuntime();
    renderWith(fake, <Narration />);
    const region = screen.getByTestId("narration-live");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toBeEmptyDOMElement();
    act(() =>
      fake.frame({
        ...quietSnapshot(2),
        marks: [mark(0, 1.5, "a read parked on the condition variable")],
      }),
    );
    expect(region).toHaveTextContent("At 1.5 s, a read parked on the condition variable.");
    fireEvent.click(screen.getByText(/What just happened/));
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "At 1.5 s, a read parked on the condition variable.",
    ]);
  });

  it("logs each mark once, newest first, and starts over with the run", () => {
    const fake = fakeRuntime();
    renderWith(fake, <Narration />);
    const first = mark(0, 1, "first");
    act(() => fake.frame({ ...quietSnapshot(2), marks: [first] }));
    act(() => fake.frame({ ...quietSnapshot(3), marks: [first, mark(1, 2.5, "second")] }));
    expect(screen.getByText(/What just happened \(2\)/)).toBeInTheDocument();
    expect(screen.getAllByRole("listitem", { hidden: true }).map((i) => i.textContent)).toEqual([
      "At 2.5 s, second.",
      "At 1 s, first.",
    ]);
    act(() => fake.frame(quietSnapshot(0.1)));
    expect(screen.getByText(/What just happened \(0\)/)).toBeInTheDocument();
  });

  it("after a seek backwards logs the run so far but says only what just happened", () => {
    const fake = fakeRuntime();
    renderWith(fake, <Narration />);
    const region = screen.getByTestId("narration-live");
    const early = [mark(0, 1, "early"), mark(1, 20, "middle")];
    act(() => fake.frame({ ...quietSnapshot(60), marks: [...early, mark(2, 59.8, "late")] }));
    expect(region).toHaveTextContent("At 59.8 s, late.");
    expect(region).not.toHaveTextContent("early");
    expect(screen.getByText(/What just happened \(3\)/)).toBeInTheDocument();
    act(() => fake.frame({ ...quietSnapshot(20.5), marks: early }));
    expect(screen.getByText(/What just happened \(2\)/)).toBeInTheDocument();
  });

  it("after a seek back and forward again says only marks it has not said", () => {
    // Fake timers (performance.now included) so the rate limit lets each announcement through.
    vi.useFakeTimers();
    try {
      const fake = fakeRuntime();
      renderWith(fake, <Narration />);
      const region = screen.getByTestId("narration-live");
      const early = [mark(0, 1, "early"), mark(1, 20, "middle")];
      const late = mark(2, 59.8, "late");
      act(() => fake.frame({ ...quietSnapshot(60), marks: [...early, late] }, 60_000));
      expect(region).toHaveTextContent("At 59.8 s, late.");
      act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS));
      // Seeks play no wall time: the clock moves, the played wall time does not.
      act(() => fake.frame({ ...quietSnapshot(20.5), marks: early }, 60_000));
      act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS));
      const later = mark(3, 60.5, "later");
      act(() => fake.frame({ ...quietSnapshot(61), marks: [...early, late, later] }, 60_000));
      expect(region).toHaveTextContent(/^At 60\.5 s, later\.$/);
      expect(screen.getByText(/What just happened \(4\)/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("after a jump forward says only the last simulated second, and logs the rest", () => {
    const fake = fakeRuntime();
    renderWith(fake, <Narration />);
    const region = screen.getByTestId("narration-live");
    act(() => fake.frame(quietSnapshot(10), 10_000));
    const skipped = [mark(0, 30, "skipped"), mark(1, 79.5, "just now")];
    // 16 ms of wall time played: at most 1.6 s at 100×, not the 70 s the scrubber jumped.
    act(() => fake.frame({ ...quietSnapshot(80), marks: skipped }, 10_016));
    expect(region).toHaveTextContent(/^At 79\.5 s, just now\.$/);
    expect(screen.getByText(/What just happened \(2\)/)).toBeInTheDocument();
  });

  it("says every new mark of a frame that normal play reached", () => {
    const fake = fakeRuntime();
    renderWith(fake, <Narration />);
    const region = screen.getByTestId("narration-live");
    act(() => fake.frame(quietSnapshot(10), 10_000));
    const marks = [mark(0, 10.2, "one"), mark(1, 11.5, "two")];
    // 20 ms of wall time at 100× covers 2 s: all of it was played, so all of it is said.
    act(() => fake.frame({ ...quietSnapshot(12), marks }, 10_020));
    expect(region).toHaveTextContent("At 10.2 s, one. At 11.5 s, two.");
  });
});
