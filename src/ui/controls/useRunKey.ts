import type { ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { useRuntime } from "../../state/runtime-context.ts";
import { useApp } from "../../state/useApp.ts";
import { keyText, withKeyText } from "./scenario-edit.ts";

/** A key that cannot change live: its text in the link, and a setter that restarts the run. */
export function useRunKey(key: ScenarioKey): [string, (text: string) => void] {
  const { store } = useRuntime();
  const text = useApp((state) => keyText(state.scenario, key));
  const setText = (next: string) => {
    // The scenario as it stands at the moment of the change, not as it stood at the last render:
    // a live move made since then must survive the restart.
    const { scenario, restartWith } = store.getState();
    if (next !== keyText(scenario, key)) {
      restartWith(withKeyText(scenario, key, next), SCENARIO_KEYS[key].label);
    }
  };
  return [text, setText];
}
