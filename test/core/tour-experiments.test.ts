import { describe, expect, it } from "vitest";
import { CHAPTERS } from "../../src/content/tour/chapters/index.ts";
import { stepQuery } from "../../src/content/tour/step-scenario.ts";
import { encodeScenario, parseScenario } from "../../src/sim/scenario/index.ts";
import { isScenarioKey } from "../../src/sim/scenario/keys.ts";
import { experimentScenario } from "../../src/ui/tour/experiment-scenario.ts";

// Free play's suggestions after each chapter: two or three one-click changes, each a clean change
// to the scenario free play starts from, whichever the reader chose (the defaults or the chapter's
// run), and each a change there.

describe("free play's experiments", () => {
  for (const chapter of CHAPTERS) {
    it(`"${chapter.id}": two or three, each a valid change from the defaults and the chapter's run`, () => {
      expect(chapter.experiments.length).toBeGreaterThanOrEqual(2);
      expect(chapter.experiments.length).toBeLessThanOrEqual(3);
      const bases = [parseScenario("").scenario, parseScenario(stepQuery(chapter, 0)).scenario];
      for (const experiment of chapter.experiments) {
        for (const key of new URLSearchParams(experiment.keys).keys()) {
          expect(isScenarioKey(key), `${experiment.label}: ${key}`).toBe(true);
        }
        for (const base of bases) {
          const { scenario, issues } = experimentScenario(base, experiment);
          expect(issues, experiment.label).toEqual([]);
          expect(encodeScenario(scenario)).not.toBe(encodeScenario(base));
        }
      }
    });
  }
});
