import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Challenge, TrialRun } from "../../src/content/challenges/challenge.ts";
import { CHALLENGES } from "../../src/content/challenges/index.ts";
import {
  type Judging,
  judge,
  lockedChanges,
  NOT_JUDGED,
  settle,
} from "../../src/content/challenges/judge.ts";
import { CHAPTERS } from "../../src/content/tour/chapters/index.ts";
import { encodeScenario, parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { runTrial } from "../../src/worker/trial-run.ts";

// Every challenge, judged headless the way the page judges it (the same `judge` on snapshots,
// every half second as a viewer at speed would see them, and a check the model confirms settled
// by the same trial runs the worker makes): its reference solution is solved within the window,
// its starting scenario is not.

const CHECK_EVERY_NS = NS_PER_S / 2;

const trial: TrialRun = async (scenario, seconds) => {
  const [reading] = runTrial(createSimulation, encodeScenario(scenario), [seconds]);
  if (reading === undefined) throw new Error("a trial without a reading");
  return reading.snapshot;
};

async function playToVerdict(challenge: Challenge, query: string): Promise<Judging> {
  const { scenario, issues } = parseScenario(query);
  expect(issues).toEqual([]);
  const sim = createSimulation(scenario);
  let judging = NOT_JUDGED;
  const endNs = (challenge.check.windowS + 1) * NS_PER_S;
  for (let tNs = CHECK_EVERY_NS; tNs <= endNs; tNs += CHECK_EVERY_NS) {
    sim.advanceTo(tNs);
    judging = judge(challenge, scenario, sim.snapshot(SCREEN_VIEW), judging);
    const { verdict } = judging;
    if (verdict.kind === "checking" && challenge.check.confirm !== undefined)
      return settle(judging, verdict, await challenge.check.confirm(scenario, trial));
    if (verdict.kind !== "trying") return judging;
  }
  return judging;
}

describe("challenges", () => {
  it("are at least eight, with unique ids, one for each story point of the tour", () => {
    expect(CHALLENGES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(CHALLENGES.map((c) => c.id)).size).toBe(CHALLENGES.length);
    for (const chapter of CHAPTERS) {
      expect(
        CHALLENGES.some((c) => c.chapter === chapter.id),
        chapter.id,
      ).toBe(true);
    }
  });

  it("are each listed where page keys are documented", () => {
    const doc = readFileSync("docs/page-keys.md", "utf8");
    for (const challenge of CHALLENGES) expect(doc).toContain(`| \`${challenge.id}\` |`);
  });

  for (const challenge of CHALLENGES) {
    describe(challenge.title, () => {
      it("its reference solution changes only the keys it allows", () => {
        const solution = parseScenario(challenge.solution);
        expect(solution.issues).toEqual([]);
        expect(lockedChanges(challenge, solution.scenario)).toEqual([]);
        expect(challenge.hints.length).toBeGreaterThanOrEqual(2);
      });

      it(`is solved by its reference solution (${challenge.solution})`, async () => {
        const { verdict } = await playToVerdict(challenge, challenge.solution);
        expect(verdict.kind, JSON.stringify(verdict)).toBe("solved");
      }, 120_000);

      it("is not solved by its starting scenario", async () => {
        const { verdict } = await playToVerdict(challenge, challenge.start);
        expect(verdict.kind, JSON.stringify(verdict)).toBe("missed");
      }, 120_000);
    });
  }
});
