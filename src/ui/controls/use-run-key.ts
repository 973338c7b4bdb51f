import type { ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { useApp } from "../../state/use-app.ts";
import { keyText, withKeyText } from "./scenario-edit.ts";

/** A key that cannot change live: its text in the link, and a setter that restarts the run. */
export function useRunKey(key: ScenarioKey): [string, (text: string) => void] {
  const scenario = useApp((state) => state.scenario);
  const restartWith = useApp((state) => state.restartWith);
  const text = keyText(scenario, key);
  const setText = (next: string) => {
    if (next !== text) restartWith(withKeyText(scenario, key, next), SCENARIO_KEYS[key].label);
  };
  return [text, setText];
}
