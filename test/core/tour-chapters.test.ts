import { describe, expect, it } from "vitest";
import type { Chapter } from "../../src/content/tour/chapter.ts";
import { CHAPTERS } from "../../src/content/tour/chapters/index.ts";
import { stepQuery, stepsSharingRun } from "../../src/content/tour/step-scenario.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";

// Every caption's trigger must happen within its window when its scenario runs headless, checked
// every half second as a viewer at speed would see it: so every chapter reaches its closing caption.

const CHECK_EVERY_NS = NS_PER_S / 2;

/** First simulated second at which each step of the run's group sees its trigger hold. */
function firstSeenS(chapter: Chapter, steps: readonly number[]): Map<number, number> {
  const { scenario, issues } = parseScenario(stepQuery(chapter, steps[0] ?? 0));
  expect(issues).toEqual([]);
  const sim = createSimulation(scenario);
  const seen = new Map<number, number>();
  const windowS = Math.max(...steps.map((i) => chapter.steps[i]?.trigger.windowS ?? 0));
  for (let tNs = CHECK_EVERY_NS; tNs <= windowS * NS_PER_S && seen.size < steps.length; ) {
    sim.advanceTo(tNs);
    const snapshot = sim.snapshot(SCREEN_VIEW);
    for (const i of steps) {
      if (!seen.has(i) && chapter.steps[i]?.trigger.holds(snapshot)) seen.set(i, tNs / NS_PER_S);
    }
    tNs += CHECK_EVERY_NS;
  }
  return seen;
}

describe("tour chapters", () => {
  for (const chapter of CHAPTERS) {
    it(`"${chapter.title}" reaches every caption within its window`, () => {
      const groups = new Set(chapter.steps.map((_, i) => stepsSharingRun(chapter, i).join(",")));
      for (const group of groups) {
        const steps = group.split(",").map(Number);
        const seen = firstSeenS(chapter, steps);
        for (const i of steps) {
          const step = chapter.steps[i];
          const label = `step ${i + 1}: ${step?.trigger.waitingFor}`;
          expect(seen.get(i), label).toBeDefined();
          expect(seen.get(i) ?? Infinity, label).toBeLessThanOrEqual(step?.trigger.windowS ?? 0);
        }
      }
    }, 180_000);
  }

  it("end each chapter with the one thing to remember", () => {
    for (const chapter of CHAPTERS) {
      expect(chapter.steps.at(-1)?.caption).toMatch(/^The one thing to remember: /);
    }
  });
});
