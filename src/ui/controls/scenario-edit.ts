import type { Scenario, ScenarioKey } from "../../model/index.ts";
import { encodeScenario, KEY_CODECS, parseScenario } from "../../model/index.ts";

// Controls read and write a key as the link does, through the one codec: a control never learns
// which field of the scenario a key lands in, nor how the key is validated.

export const keyText = (scenario: Scenario, key: ScenarioKey): string =>
  KEY_CODECS[key].write(scenario);

/**
 * The scenario with `key` set to `text`. Keys the change makes invalid (gates the newly chosen
 * version lacks) go back to their defaults, as they would in a link.
 */
export function withKeyText(scenario: Scenario, key: ScenarioKey, text: string): Scenario {
  const params = new URLSearchParams(encodeScenario(scenario));
  params.set(key, text);
  return parseScenario(params.toString()).scenario;
}
