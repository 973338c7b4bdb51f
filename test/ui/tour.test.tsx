// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CHALLENGES } from "../../src/content/challenges/index.ts";
import { CHAPTERS } from "../../src/content/tour/chapters/index.ts";
import { encodeScenario } from "../../src/sim/scenario/index.ts";
import { TourDock } from "../../src/ui/tour/TourDock.tsx";
import {
  type FakeRuntime,
  fakeRuntime,
  quietSnapshot,
  renderWith,
  withConsistentWaiter,
} from "./tour-runtime.tsx";

afterEach(cleanup);

const wall = CHAPTERS.findIndex((chapter) => chapter.id === "wall");

/** The tour beside an empty waiting-room panel, so a highlight has something to outline. */
function renderTour(fake: FakeRuntime) {
  return renderWith(
    fake,
    <>
      <TourDock />
      <section data-testid="waiting-room">
        <h2 id="panel-waiting-room">Waiting room</h2>
      </section>
    </>,
  );
}

const caption = () => screen.getByTestId("tour-caption");
const button = (name: string) => screen.getByRole("button", { name });
/** The scenario text of every run the page loaded, oldest first. */
const loads = (fake: FakeRuntime) =>
  fake.commands.flatMap((command) => (command.type === "load" ? [command.query] : []));

describe("the guided tour", () => {
  it("opens the chapter a ?tour= link names, with its scenario, through the store", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    expect(screen.getByRole("heading", { name: CHAPTERS[wall]?.title ?? "" })).toBeInTheDocument();
    expect(screen.getByTestId("tour-progress")).toHaveTextContent(
      `Chapter ${wall + 1} of ${CHAPTERS.length} · step 1 of 4`,
    );
    const state = fake.runtime.store.getState();
    expect(encodeScenario(state.scenario)).toContain("lag=4000");
    expect(state.scenario.name).toBe(`Tour: ${CHAPTERS[wall]?.title}`);
    expect(state.pageKeys["tour"]).toBe("wall");
    expect(loads(fake).at(-1)).toContain("lag=4000");
  });

  it("does not show a caption until its trigger is in a snapshot", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    act(() => fake.frame(quietSnapshot(1)));
    expect(caption()).toHaveAttribute("data-state", "waiting");
    expect(caption()).toHaveTextContent("Watching the simulation for a consistent read to park");
    expect(button("Continue")).toBeDisabled();
    expect(screen.getByTestId("waiting-room")).not.toHaveClass("tour-highlight");

    act(() => fake.frame(withConsistentWaiter(1.5)));
    expect(caption()).toHaveAttribute("data-state", "shown");
    expect(caption()).toHaveTextContent("is now parked on the condition variable");
    // The run pauses, back at the moment the trigger held, and the caption says so in the clock's words.
    expect(fake.runtime.store.getState().playing).toBe(false);
    expect(fake.commands.slice(-2)).toEqual([
      { type: "pause" },
      { type: "seek", atNs: 0 }, // the run's extent so far, which the fake worker never sent
    ]);
    expect(caption()).toHaveTextContent("Paused at 1.5 s, the moment this happened.");
    expect(button("Continue")).toBeEnabled();
    expect(screen.getByTestId("waiting-room")).toHaveClass("tour-highlight");
    fireEvent.click(button("Continue"));
    expect(fake.runtime.store.getState().playing).toBe(true);
  });

  it("quotes its figures from the snapshot the panels show, never from an older one", () => {
    const fake = fakeRuntime("tour=herd&predict=skip");
    renderTour(fake);
    const parked = (seconds: number, waiters: number) => {
      const snapshot = withConsistentWaiter(seconds);
      const counts = snapshot.series.waiters.map(() => waiters);
      return { ...snapshot, series: { ...snapshot.series, waiters: Float64Array.from(counts) } };
    };
    act(() => fake.frame(parked(11, 1200)));
    expect(caption()).toHaveTextContent("Paused at 11.0 s, the moment this happened: 1,200 parked");
    // The seek's answer (or a later frame) is what the panels show: the caption follows it.
    act(() => fake.frame(parked(11.2, 1500)));
    expect(caption()).toHaveTextContent("Paused at 11.2 s, the moment this happened: 1,500 parked");
  });

  it("keeps a caption once seen, though the waiter has since left", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    act(() => fake.frame(withConsistentWaiter(1)));
    act(() => fake.frame(quietSnapshot(2)));
    expect(caption()).toHaveAttribute("data-state", "shown");
  });

  it("starts over when the run starts over", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    act(() => fake.frame(withConsistentWaiter(5)));
    act(() => fake.frame(quietSnapshot(0.1)));
    expect(caption()).toHaveAttribute("data-state", "waiting");
  });

  it("ignores frames of the run that was playing before the chapter opened", () => {
    // The chapter's question is another test's (predict.test.tsx): here it is skipped.
    const fake = fakeRuntime("predict=skip");
    act(() => fake.frame(withConsistentWaiter(50)));
    const oldRun = 1;
    renderTour(fake);
    act(() => fake.runtime.store.getState().setPageKey("tour", "wall"));
    act(() => fake.frame(withConsistentWaiter(50.1), 0, oldRun));
    expect(caption()).toHaveAttribute("data-state", "waiting");
    act(() => fake.frame(withConsistentWaiter(0.2)));
    expect(caption()).toHaveAttribute("data-state", "shown");
  });

  it("takes the new run's first frame even when its clock is already past the old run's", () => {
    // At 100× the chapter's run can reach its first frame later in simulated time than the old
    // run had got to; telling runs apart by time skipped every frame of the chapter.
    const fake = fakeRuntime("predict=skip");
    act(() => fake.frame(withConsistentWaiter(5)));
    renderTour(fake);
    act(() => fake.runtime.store.getState().setPageKey("tour", "wall"));
    act(() => fake.frame(withConsistentWaiter(12)));
    expect(caption()).toHaveAttribute("data-state", "shown");
  });

  it("moves on with Continue and back with Back, without reopening the run", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    act(() => fake.frame(withConsistentWaiter(1)));
    const loadsBefore = loads(fake).length;
    fireEvent.click(button("Continue"));
    expect(screen.getByTestId("tour-progress")).toHaveTextContent("step 2 of 4");
    expect(caption()).toHaveAttribute("data-state", "waiting");
    expect(caption()).toHaveTextContent("the first fallback to etcd");
    fireEvent.click(button("Back"));
    expect(screen.getByTestId("tour-progress")).toHaveTextContent("step 1 of 4");
    expect(caption()).toHaveAttribute("data-state", "shown");
    expect(loads(fake).length).toBe(loadsBefore);
  });

  it("opens a step's own scenario when the step has one", () => {
    const fake = fakeRuntime("tour=herd&predict=skip");
    renderTour(fake);
    const stampede = quietSnapshot(16);
    stampede.outcomes.consistent.fallback = 2000;
    stampede.series = {
      ...stampede.series,
      etcdQueue: new Float64Array([0, 900]),
      waiters: new Float64Array([0, 2000]),
    };
    act(() => fake.frame(stampede));
    fireEvent.click(button("Continue"));
    expect(loads(fake).at(-1)).not.toContain("SkipTimeout");
    fireEvent.click(button("Continue"));
    expect(screen.getByTestId("tour-progress")).toHaveTextContent("step 3 of 4");
    expect(loads(fake).at(-1)).toContain("ConsistentListFromCacheSkipTimeoutFallback=true");
    expect(caption()).toHaveAttribute("data-state", "waiting");
  });

  it("raises the speed for a slow chapter, never lowers it", () => {
    const fake = fakeRuntime("tour=ring&predict=skip");
    renderTour(fake);
    expect(fake.runtime.store.getState().speed).toBe(20);
    cleanup();
    const fast = fakeRuntime("tour=ring&speed=100&predict=skip");
    renderTour(fast);
    expect(fast.runtime.store.getState().speed).toBe(100);
  });

  it("lowers a speed it set itself when a later chapter plays slower (ring 20×, then 2×)", () => {
    const fake = fakeRuntime("tour=ring&predict=skip");
    renderTour(fake);
    expect(fake.runtime.store.getState().speed).toBe(20);
    act(() => fake.runtime.store.getState().setPageKey("tour", "prometheus"));
    expect(fake.runtime.store.getState().speed).toBe(2);
    expect(
      screen.getByText("This chapter plays at 2× so the counters fill up sooner."),
    ).toBeVisible();
    // A speed the reader chose is theirs: the next chapter does not lower it.
    act(() => fake.runtime.store.getState().setSpeed(50));
    act(() => fake.runtime.store.getState().setPageKey("tour", "ring"));
    expect(fake.runtime.store.getState().speed).toBe(50);
  });

  it("leaves into free play with the scenario still running, when the reader keeps it", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    const loadsBefore = loads(fake).length;
    fireEvent.click(button("Free play"));
    expect(screen.getByRole("group", { name: "Where should free play start?" })).toBeVisible();
    fireEvent.click(button("Keep this chapter's run"));
    expect(screen.queryByTestId("tour")).not.toBeInTheDocument();
    expect(fake.runtime.store.getState().pageKeys["tour"]).toBeUndefined();
    expect(fake.runtime.store.getState().scenario.name).toBe(`Tour: ${CHAPTERS[wall]?.title}`);
    expect(loads(fake).length).toBe(loadsBefore);
    expect(button("Take the guided tour")).toBeInTheDocument();
  });

  it("finishes the tour into the defaults at 1×, when the reader chooses them", () => {
    const last = CHAPTERS.at(-1)?.id ?? "";
    const fake = fakeRuntime(`tour=${last}&predict=skip`);
    renderTour(fake);
    expect(fake.runtime.store.getState().speed).toBeGreaterThan(1);
    fake.runtime.store.setState({ speed: 20 });
    fireEvent.click(button("Free play"));
    fireEvent.click(button("Back to the tour"));
    expect(screen.getByTestId("tour")).toBeInTheDocument();
    fireEvent.click(button("Free play"));
    fireEvent.click(button("From the defaults"));
    const state = fake.runtime.store.getState();
    expect(screen.queryByTestId("tour")).not.toBeInTheDocument();
    expect(encodeScenario(state.scenario)).toBe("v=3");
    expect(state.pageKeys).toEqual({});
    expect(state.speed).toBe(1);
    expect(loads(fake).at(-1)).toBe("v=3");
  });

  it("goes to the next chapter after a chapter's last caption", () => {
    const fake = fakeRuntime("tour=rv0&predict=skip");
    renderTour(fake);
    act(() => fake.runtime.store.getState().setPageKey("tour", "rv0"));
    for (let step = 0; step < 3; step++) {
      act(() => fake.frame(everythingSeen(step + 1)));
      fireEvent.click(button("Continue"));
    }
    act(() => fake.frame(everythingSeen(10)));
    fireEvent.click(button("Next chapter"));
    expect(fake.runtime.store.getState().pageKeys["tour"]).toBe(CHAPTERS[1]?.id);
  });

  it("jumps to the chapter picked from the list", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "prometheus" } });
    expect(fake.runtime.store.getState().pageKeys["tour"]).toBe("prometheus");
    expect(screen.getByTestId("tour-progress")).toHaveTextContent(`Chapter ${CHAPTERS.length} of`);
    expect(loads(fake).at(-1)).toContain("lag=4000");
    expect(fake.runtime.store.getState().scenario.name).toBe("Tour: What to watch in Prometheus");
  });

  it("reports a link's unknown chapter and removes the key, as a bad run key", () => {
    const fake = fakeRuntime("tour=nope&lag=200");
    renderTour(fake);
    const { issues, pageKeys, scenario } = fake.runtime.store.getState();
    expect(issues.map((issue) => issue.message)).toContainEqual(
      `tour: "nope" is not valid: expected a chapter id (${CHAPTERS.map((c) => c.id).join(", ")}); the page opens without the tour`,
    );
    expect(pageKeys["tour"]).toBeUndefined();
    expect(scenario.lag).not.toEqual(fakeRuntime("").runtime.store.getState().scenario.lag);
    expect(screen.getByRole("button", { name: "Take the guided tour" })).toBeInTheDocument();
  });
});

/** A frame in which every trigger of the RV=0 chapter holds. */
function everythingSeen(seconds: number) {
  const snapshot = withConsistentWaiter(seconds);
  snapshot.lagSeconds = 2;
  snapshot.outcomes.rv0.cache = 1000;
  snapshot.outcomes.consistent.cacheAfterWait = 50;
  return snapshot;
}

describe("from the tour into free play", () => {
  it("suggests the chapter's experiments, each a one-click restart with its keys", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    fireEvent.click(button("Free play"));
    fireEvent.click(button("From the defaults"));
    const card = screen.getByTestId("free-play");
    expect(card).toHaveTextContent("The run goes on from the defaults.");
    const experiments = within(card).getByRole("list", { name: "Experiments to try" });
    expect(
      within(experiments)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(CHAPTERS[wall]?.experiments.map((experiment) => experiment.label));
    fireEvent.click(within(card).getByRole("button", { name: "Turn on the skip-fallback gate" }));
    const query = loads(fake).at(-1) ?? "";
    expect(query).toContain("gates=ConsistentListFromCacheSkipTimeoutFallback=true");
    expect(query).toContain("lag=4000");
    expect(fake.runtime.store.getState().scenario.name).toBe(
      "Free play: Turn on the skip-fallback gate",
    );
    expect(fake.runtime.store.getState().playing).toBe(true);
    expect(card).toHaveTextContent("Running now. Look for: At the wall consistent reads get 429");
    fireEvent.click(within(card).getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("free-play")).not.toBeInTheDocument();
    expect(button("Take the guided tour")).toBeInTheDocument();
  });

  it("links the challenges of the chapter just seen", () => {
    const fake = fakeRuntime("tour=wall&predict=skip");
    renderTour(fake);
    fireEvent.click(button("Free play"));
    fireEvent.click(button("From the defaults"));
    const list = screen.getByRole("list", { name: "Challenges from this chapter" });
    const links = within(list).getAllByRole("link");
    const wallChallenges = CHALLENGES.filter((challenge) => challenge.chapter === "wall");
    expect(wallChallenges.length).toBeGreaterThan(0);
    expect(links.map((link) => link.textContent)).toEqual(wallChallenges.map((c) => c.title));
    expect(links[0]).toHaveAttribute("href", `#challenge=${wallChallenges[0]?.id}`);
    fireEvent.click(links[0] as HTMLElement);
    expect(fake.runtime.store.getState().pageKeys["challenge"]).toBe(wallChallenges[0]?.id);
    expect(screen.queryByTestId("free-play")).not.toBeInTheDocument();
  });

  it("keeps the chapter's run when the reader chooses it, and says so", () => {
    const fake = fakeRuntime("tour=ring&predict=skip");
    renderTour(fake);
    fireEvent.click(button("Free play"));
    fireEvent.click(button("Keep this chapter's run"));
    expect(screen.getByTestId("free-play")).toHaveTextContent(
      `The run goes on with the run of “${CHAPTERS.find((c) => c.id === "ring")?.title}”.`,
    );
  });
});
