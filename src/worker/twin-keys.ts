import type { ParsedScenario, Scenario, ScenarioKey } from "../model/index.ts";
import { encodeScenario, KEY_CODECS, parseScenario } from "../model/index.ts";

/** Keys as link text, in the order they are to be applied. */
export type KeyTexts = readonly (readonly [ScenarioKey, string])[];

/**
 * `base` with these keys replaced, read through the scenario codec as a link would be: run B of a
 * twin pair is always its run A with B's own keys put back.
 */
export function scenarioWithKeys(base: Scenario, keys: KeyTexts): ParsedScenario {
  const merged = new URLSearchParams(encodeScenario(base));
  for (const [key] of keys) merged.delete(key);
  for (const [key, value] of keys) merged.append(key, value);
  const parsed = parseScenario(merged.toString());
  return { ...parsed, scenario: { ...parsed.scenario, name: base.name } };
}

/** The keys as `scenario` has them, as link text. */
export const keyTextsOf = (scenario: Scenario, keys: readonly ScenarioKey[]): KeyTexts =>
  keys.map((key) => [key, KEY_CODECS[key].write(scenario)]);
