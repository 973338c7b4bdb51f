import type { Experiment } from "../../content/tour/chapter.ts";
import type { ParsedScenario, Scenario, ScenarioKey } from "../../model/index.ts";
import { scenarioWithKeys } from "../../worker/twin-keys.ts";

/**
 * The scenario free play runs for an experiment: the one it starts from (the defaults or the
 * chapter's run) with the experiment's keys put in, read through the codec as a link would be.
 */
export function experimentScenario(base: Scenario, experiment: Experiment): ParsedScenario {
  const keys = [...new URLSearchParams(experiment.keys)] as [ScenarioKey, string][];
  return scenarioWithKeys(base, keys);
}
