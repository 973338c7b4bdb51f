// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TrialRun } from "../../src/content/challenges/challenge.ts";
import { challengeById } from "../../src/content/challenges/index.ts";
import { judge, NOT_JUDGED } from "../../src/content/challenges/judge.ts";
import { confirmSmallestLag } from "../../src/content/challenges/list/smallest-lag.ts";
import {
  loadProgress,
  NO_PROGRESS,
  PROGRESS_KEY,
  saveProgress,
  withNextHint,
  withSolved,
} from "../../src/content/challenges/progress.ts";
import { encodeScenario, parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import type { SimSnapshot } from "../../src/sim/snapshot.ts";
import type { AppRuntime } from "../../src/state/runtime.ts";
import { ChallengeDock } from "../../src/ui/challenges/ChallengeDock.tsx";
import { useChallengeKey } from "../../src/ui/challenges/use-challenge-key.ts";
import { ControlPanel } from "../../src/ui/controls/ControlPanel.tsx";
import type { WorkerCommand } from "../../src/worker/protocol.ts";
import { runTrial } from "../../src/worker/trial-run.ts";
import { type FakeRuntime, fakeRuntime, quietSnapshot, renderWith } from "./tour-runtime.tsx";

// The challenge engine: verdicts judged from snapshots, hints one at a time and in order, and
// progress kept in localStorage and read back.

const wall = challengeById("under-the-wall");
if (wall === undefined) throw new Error("no challenge under-the-wall");
const startScenario = parseScenario(wall.start).scenario;
const smallestLag = challengeById("smallest-lag");
if (smallestLag === undefined) throw new Error("no challenge smallest-lag");

/** The trial runs the page asks of the worker, run here in one go. */
const trial: TrialRun = async (scenario, seconds) => {
  const [reading] = runTrial(createSimulation, encodeScenario(scenario), [seconds]);
  if (reading === undefined) throw new Error("a trial without a reading");
  return reading.snapshot;
};

/** A quiet frame at `seconds` whose consistent reads ended as `served` and `fellBack`. */
function consistentAt(seconds: number, served: number, fellBack = 0): SimSnapshot {
  const quiet = quietSnapshot(seconds);
  return {
    ...quiet,
    outcomes: {
      ...quiet.outcomes,
      consistent: { ...quiet.outcomes.consistent, cacheAfterWait: served, fallback: fellBack },
    },
  };
}

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear(); // each test's runtime reads its progress from the storage when it starts
});

/** Runs the challenge page key's hook alone, as the app shell does. */
function Probe({ runtime }: { runtime: AppRuntime }) {
  useChallengeKey(runtime);
  return null;
}

describe("judging a challenge from snapshots", () => {
  it("is trying while the goal can still be met, solved once the check holds", () => {
    const at30 = judge(wall, startScenario, consistentAt(30, 600), NOT_JUDGED);
    expect(at30.verdict.kind).toBe("trying");
    const at60 = judge(wall, startScenario, consistentAt(60, 1200), at30);
    expect(at60.verdict).toMatchObject({ kind: "solved", atNs: 60e9 });
  });

  it("is missed as soon as the run rules the goal out, and says why", () => {
    const { verdict } = judge(wall, startScenario, consistentAt(12, 300, 1), NOT_JUDGED);
    expect(verdict).toMatchObject({ kind: "missed" });
    expect(verdict.kind === "missed" && verdict.reason).toBe(
      "1 consistent reads were not served by the cache (at 12.0 s)",
    );
  });

  it("is off limits when a locked key changed, whatever the run shows", () => {
    const moved = parseScenario("lag=2000&jitter=0").scenario;
    const { verdict } = judge(wall, moved, consistentAt(60, 1200), NOT_JUDGED);
    expect(verdict).toEqual({ kind: "offLimits", keys: ["lag"] });
    // Allowed keys (the jitter) may change: the same run counts.
    const allowed = parseScenario("lag=2500&jitter=0").scenario;
    expect(judge(wall, allowed, consistentAt(60, 1200), NOT_JUDGED).verdict.kind).toBe("solved");
  });

  it("starts over when the clock goes back (a replay)", () => {
    const solved = judge(wall, startScenario, consistentAt(60, 1200), NOT_JUDGED);
    const replayed = judge(wall, startScenario, consistentAt(1, 10), solved);
    expect(replayed.verdict.kind).toBe("trying");
  });

  it("computes the smallest lag with the model, for the learner's own scenario", async () => {
    const tried = (query: string) => confirmSmallestLag(parseScenario(query).scenario, trial);
    expect(await tried("jitter=100&lag=2500")).toMatchObject({ ok: true });
    expect((await tried("jitter=100&lag=2400")).message).toMatch(/too small$/);
    expect((await tried("jitter=100&lag=2600")).message).toMatch(/a smaller lag does it too$/);
    // Another jitter, another answer: nothing is stored.
    expect(await tried("jitter=0&lag=2500")).toMatchObject({ ok: false });
    expect((await tried("jitter=100&lag=20@0,2500@10")).ok).toBe(false);
  }, 60_000);

  it("is checking, not solved, while the model's runs that confirm it are under way", () => {
    const scenario = parseScenario("jitter=100&lag=2500").scenario;
    const { verdict } = judge(smallestLag, scenario, consistentAt(60, 1200), NOT_JUDGED);
    expect(verdict).toEqual({ kind: "checking", atNs: 60e9 });
  });
});

describe("progress in the browser", () => {
  it("keeps solved challenges and hints seen, and reads them back", () => {
    const progress = withNextHint(
      withSolved(NO_PROGRESS, "ring-settles", { atS: 112.5, query: "writes=4" }),
      "ring-settles",
      3,
    );
    expect(saveProgress(localStorage, progress)).toBe(true);
    expect(loadProgress(localStorage)).toEqual(progress);
  });

  it("never shows more hints than a challenge has", () => {
    let progress = NO_PROGRESS;
    for (let i = 0; i < 5; i++) progress = withNextHint(progress, "x", 3);
    expect(progress.hints["x"]).toBe(3);
  });

  it("reads garbage or a refusing storage as no progress, losing nothing else", () => {
    localStorage.setItem(PROGRESS_KEY, "{not json");
    expect(loadProgress(localStorage)).toEqual(NO_PROGRESS);
    localStorage.setItem(
      PROGRESS_KEY,
      JSON.stringify({
        solved: { a: { atS: "soon" }, b: { atS: 1, query: "" } },
        hints: { a: -1 },
      }),
    );
    expect(loadProgress(localStorage)).toEqual({ solved: { b: { atS: 1, query: "" } }, hints: {} });
    const refusing = {
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(saveProgress(refusing, NO_PROGRESS)).toBe(false);
  });
});

/** The challenge card beside the control panel, as the page shows them. */
function renderChallenge(fake: FakeRuntime) {
  return renderWith(
    fake,
    <>
      <ChallengeDock />
      <ControlPanel />
    </>,
  );
}

const card = () => screen.getByTestId("challenge");

/** The newest trial run the page asked the worker for. */
function lastTrial(commands: readonly WorkerCommand[]) {
  const trial = commands.findLast((command) => command.type === "trial");
  if (trial?.type !== "trial") throw new Error("the page asked for no trial run");
  return trial;
}
const verdictText = () => screen.getByTestId("challenge-verdict").textContent ?? "";

describe("the challenge card", () => {
  it("opens a bare link's challenge at its start, locks the other controls, and judges live", () => {
    const fake = fakeRuntime("challenge=under-the-wall");
    renderChallenge(fake);
    const loads = fake.commands.flatMap((c) => (c.type === "load" ? [c.query] : []));
    expect(loads.at(-1)).toMatch(/lag=2500&jitter=100/);
    expect(screen.getByRole("slider", { name: "Watch lag" })).toBeDisabled();
    expect(screen.getByRole("slider", { name: "Jitter" })).toBeEnabled();
    expect(screen.getByTestId("locks-note").textContent).toContain("the watch lag stays at 2.5 s");
    expect(verdictText()).toMatch(/^Not yet/);

    act(() => fake.frame(consistentAt(60, 1200)));
    expect(card().dataset["verdict"]).toBe("solved");
    expect(verdictText()).toBe("Solved at 60.0 s.");
    expect(card().textContent).toContain(wall.demonstrates);
    const saved = loadProgress(localStorage).solved["under-the-wall"];
    expect(saved?.atS).toBe(60);
    expect(saved?.query).toMatch(/lag=2500&jitter=100/);
    expect(screen.getByRole("button", { name: "Share solution" }).dataset["solution"]).toMatch(
      /#.*lag=2500&jitter=100.*&challenge=under-the-wall&speed=5$/,
    );
  });

  it("shows hints one at a time, in order, and remembers them", () => {
    const fake = fakeRuntime("challenge=under-the-wall");
    const { unmount } = renderChallenge(fake);
    expect(screen.queryByRole("list", { name: "Hints" })).toBeNull();
    for (let shown = 1; shown <= wall.hints.length; shown++) {
      fireEvent.click(screen.getByRole("button", { name: new RegExp(`\\(${shown} of 3\\)$`) }));
      const items = screen.getAllByRole("listitem").map((item) => item.textContent);
      expect(items).toEqual(wall.hints.slice(0, shown));
    }
    expect(screen.getByText("All 3 hints shown.")).toBeDefined();
    expect(loadProgress(localStorage).hints["under-the-wall"]).toBe(3);

    // Restored in another visit: the storage is read again, the hints are still shown.
    unmount();
    const saved = localStorage.getItem(PROGRESS_KEY);
    localStorage.clear();
    localStorage.setItem(PROGRESS_KEY, saved ?? "");
    renderChallenge(fakeRuntime("challenge=under-the-wall"));
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(wall.hints);
  });

  it("says it is checking while the worker runs the model, then gives the model's answer", async () => {
    const fake = fakeRuntime("jitter=100&lag=2500&challenge=smallest-lag");
    renderChallenge(fake);
    act(() => fake.frame(consistentAt(60, 1200)));
    expect(card().dataset["verdict"]).toBe("checking");
    expect(verdictText()).toMatch(/^Checking… the goal held at 60\.0 s/);
    // The worker answers each trial run the page asked for: at the lag tried, then 100 ms less.
    for (const lag of [2500, 2400]) {
      const asked = lastTrial(fake.commands);
      expect(asked.query).toMatch(new RegExp(`lag=${lag}`));
      const readings = runTrial(createSimulation, asked.query, asked.atS);
      await act(async () => fake.reply({ type: "trial", requestId: asked.requestId, readings }));
    }
    expect(card().dataset["verdict"]).toBe("solved");
    expect(verdictText()).toMatch(/^Solved at 60\.0 s: the model ran both: at 2500 ms/);
  });

  it("says the check could not run when the worker answers with an error", async () => {
    const fake = fakeRuntime("jitter=100&lag=2500&challenge=smallest-lag");
    renderChallenge(fake);
    act(() => fake.frame(consistentAt(60, 1200)));
    const { requestId } = lastTrial(fake.commands);
    await act(async () => fake.reply({ type: "trialError", requestId, message: "out of memory" }));
    expect(card().dataset["verdict"]).toBe("checkFailed");
    expect(verdictText()).toBe("The check could not run: out of memory. Try again from 0 s.");
    expect(loadProgress(localStorage).solved["smallest-lag"]).toBeUndefined();
  });

  it("cancels a check the run has left behind, and drops its late answer", async () => {
    const fake = fakeRuntime("jitter=100&lag=2500&challenge=smallest-lag");
    renderChallenge(fake);
    act(() => fake.frame(consistentAt(60, 1200)));
    const asked = lastTrial(fake.commands);
    // A replay from 0 s: the check was about the run before it.
    act(() => fake.frame(consistentAt(1, 20)));
    expect(card().dataset["verdict"]).toBe("trying");
    expect(fake.commands.at(-1)).toEqual({ type: "cancelTrial", requestId: asked.requestId });
    const readings = runTrial(createSimulation, asked.query, asked.atS);
    await act(async () => fake.reply({ type: "trial", requestId: asked.requestId, readings }));
    expect(card().dataset["verdict"]).toBe("trying");
  });

  it("reports an unknown challenge id in the banner and drops it from the address", () => {
    const fake = fakeRuntime("lag=800&challenge=nope");
    renderWith(fake, <Probe runtime={fake.runtime} />);
    const { issues, pageKeys } = fake.runtime.store.getState();
    expect(issues.map((issue) => issue.message)).toContainEqual(
      expect.stringMatching(/^challenge: "nope" is not valid: expected one of rv0-never-waits, /),
    );
    expect(pageKeys["challenge"]).toBeUndefined();
  });
});
