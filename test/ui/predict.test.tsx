// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PRESETS, presetScenarioQuery } from "../../src/content/presets.ts";
import type { Outcome, SimSnapshot } from "../../src/sim/snapshot.ts";
import { PresetPrediction } from "../../src/ui/presets/PresetPrediction.tsx";
import { TourDock } from "../../src/ui/tour/TourDock.tsx";
import { type FakeRuntime, fakeRuntime, quietSnapshot, renderWith } from "./tour-runtime.tsx";

// The question engine on the page: the run waits at 0 s for an answer, plays once it is given,
// pauses at the moment that decides it, and judges the answers on that moment's snapshot (so the
// verdict follows what the run did, not a stored key), pointing at the panel that shows it.

afterEach(cleanup);

/** The tour (or a preset's question) beside the Decisions panel's heading, for the outline. */
function renderPage(fake: FakeRuntime) {
  return renderWith(
    fake,
    <>
      <PresetPrediction />
      <TourDock />
      <section data-testid="decisions">
        <h2 id="panel-decisions">Decisions</h2>
      </section>
    </>,
  );
}

/** A quiet frame at `seconds` in which `n` consistent reads ended in `outcome`. */
function consistentEnded(seconds: number, outcome: Outcome, n: number): SimSnapshot {
  const quiet = quietSnapshot(seconds);
  return {
    ...quiet,
    outcomes: { ...quiet.outcomes, consistent: { ...quiet.outcomes.consistent, [outcome]: n } },
  };
}

const button = (name: string) => screen.getByRole("button", { name });
const plays = (fake: FakeRuntime) => fake.commands.filter((c) => c.type === "play").length;
const question = () => screen.getByRole("group", { name: /How will most consistent LISTs/ });
const verdict = () => screen.getByTestId("prediction-verdict");

describe("predict, then watch: a tour chapter", () => {
  it("holds the chapter's run at 0 s until an answer is given", () => {
    const fake = fakeRuntime("tour=wall");
    renderPage(fake);
    const state = fake.runtime.store.getState();
    expect(state.playing).toBe(false);
    expect(fake.commands.at(-1)).toEqual({ type: "pause" });
    expect(fake.commands.at(-2)).toMatchObject({ type: "load" });
    expect(screen.getByTestId("tour-progress")).toHaveTextContent("first a question");
    // A labelled radio group; "Watch it happen" waits for a choice.
    const radios = within(question()).getAllByRole("radio");
    expect(radios).toHaveLength(4);
    expect(button("Watch it happen")).toBeDisabled();
    expect(screen.queryByTestId("tour-caption")).not.toBeInTheDocument();
    const playsBefore = plays(fake);
    fireEvent.click(within(question()).getByRole("radio", { name: /then gets 429/ }));
    expect(fake.runtime.store.getState().pageKeys["predict"]).toBe("429");
    fireEvent.click(button("Watch it happen"));
    expect(plays(fake)).toBe(playsBefore + 1);
    expect(fake.runtime.store.getState().playing).toBe(true);
  });

  it("pauses at the deciding moment and judges the answers on that snapshot", () => {
    const fake = fakeRuntime("tour=wall&predict=429");
    renderPage(fake);
    expect(within(question()).getByRole("radio", { name: /then gets 429/ })).toBeChecked();
    fireEvent.click(button("Watch it happen"));
    act(() => fake.frame(consistentEnded(2, "fallback", 5)));
    expect(screen.getByTestId("prediction-status")).toHaveTextContent(
      "Watching the simulation for 20 consistent reads to be answered…",
    );
    expect(screen.getByTestId("decisions")).not.toHaveClass("tour-highlight");

    act(() => fake.frame(consistentEnded(4.2, "fallback", 24)));
    expect(fake.runtime.store.getState().playing).toBe(false);
    expect(fake.commands.slice(-2)).toEqual([{ type: "pause" }, { type: "seek", atNs: 0 }]);
    expect(verdict()).toHaveAttribute("data-state", "missed");
    expect(verdict()).toHaveTextContent("Your prediction did not hold.");
    expect(verdict()).toHaveTextContent("What happened: It waits 3 s, then falls back to etcd.");
    expect(verdict()).toHaveTextContent(
      "Paused at 4.2 s, the moment that decided it: 24 consistent reads finished: 24 fell back to etcd.",
    );
    expect(verdict()).toHaveTextContent("The Decisions panel (outlined) shows it.");
    expect(screen.getByTestId("decisions")).toHaveClass("tour-highlight");

    // Another answer is judged on the same moment, without playing on.
    fireEvent.click(within(question()).getByRole("radio", { name: /falls back to etcd/ }));
    expect(verdict()).toHaveAttribute("data-state", "held");
    expect(verdict()).toHaveTextContent("Your prediction held.");

    // Continue goes on to the chapter's captions, playing the run.
    fireEvent.click(button("Continue"));
    expect(screen.getByTestId("tour-caption")).toBeInTheDocument();
    expect(screen.getByTestId("tour-progress")).toHaveTextContent("step 1 of 4");
    expect(fake.runtime.store.getState().playing).toBe(true);
  });

  it("gives another verdict when the run does something else (the skip gate's 429)", () => {
    const fake = fakeRuntime("tour=wall&predict=429");
    renderPage(fake);
    fireEvent.click(button("Watch it happen"));
    act(() => fake.frame(consistentEnded(4, "429", 30)));
    expect(verdict()).toHaveAttribute("data-state", "held");
    expect(verdict()).toHaveTextContent(
      "What happened: It waits 3 s, then gets 429 Too Many Requests.",
    );
  });

  it("plays at once without the question when the link says predict=skip", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderPage(fake);
    expect(screen.queryByTestId("prediction")).not.toBeInTheDocument();
    expect(fake.runtime.store.getState().playing).toBe(true);
    expect(screen.getByTestId("tour-caption")).toBeInTheDocument();
  });

  it("skipping the question plays the run and shows the first caption", () => {
    const fake = fakeRuntime("tour=wall");
    renderPage(fake);
    fireEvent.click(button("Skip the question"));
    expect(screen.queryByTestId("prediction")).not.toBeInTheDocument();
    expect(screen.getByTestId("tour-caption")).toBeInTheDocument();
    expect(fake.runtime.store.getState().playing).toBe(true);
  });

  it("reports a predict value that names no answer, and removes it", () => {
    const fake = fakeRuntime("tour=wall&predict=maybe");
    renderPage(fake);
    const { issues, pageKeys } = fake.runtime.store.getState();
    expect(pageKeys["predict"]).toBeUndefined();
    expect(issues.map((issue) => issue.message)).toContain(
      'predict: "maybe" is not valid: expected "skip" or an answer id (cache, fallback, 429, 504); the question is asked with no answer chosen',
    );
    expect(
      within(question())
        .getAllByRole("radio")
        .every((radio) => !(radio as HTMLInputElement).checked),
    ).toBe(true);
  });
});

describe("predict, then watch: a preset", () => {
  const lagging = PRESETS.find((preset) => preset.id === "lagging");
  const query = presetScenarioQuery(lagging as (typeof PRESETS)[number]);

  it("asks before the preset plays when it is opened from the gallery, each time", () => {
    const fake = fakeRuntime("");
    renderPage(fake);
    expect(screen.queryByTestId("prediction")).not.toBeInTheDocument();
    act(() => fake.runtime.store.getState().open(query));
    expect(fake.runtime.store.getState().playing).toBe(false);
    fireEvent.click(within(question()).getByRole("radio", { name: /falls back to etcd/ }));
    fireEvent.click(button("Watch it happen"));
    act(() => fake.frame(consistentEnded(5, "fallback", 60)));
    expect(verdict()).toHaveAttribute("data-state", "held");
    fireEvent.click(button("Play on"));
    expect(screen.queryByTestId("prediction")).not.toBeInTheDocument();
    expect(fake.runtime.store.getState().playing).toBe(true);
    // Opened again, the preset asks again, its run held again.
    act(() => fake.runtime.store.getState().open(query));
    expect(screen.getByTestId("prediction")).toHaveAttribute("data-phase", "asking");
    expect(fake.runtime.store.getState().playing).toBe(false);
  });

  it("does not ask of a link opened part-way into its run, or of a changed preset", () => {
    const fake = fakeRuntime(`${query}&t=9`);
    renderPage(fake);
    expect(screen.queryByTestId("prediction")).not.toBeInTheDocument();
    expect(fake.runtime.store.getState().playing).toBe(true);
    act(() => fake.runtime.store.getState().open(`${query}&seed=2`));
    expect(screen.queryByTestId("prediction")).not.toBeInTheDocument();
    expect(fake.runtime.store.getState().playing).toBe(true);
  });
});
