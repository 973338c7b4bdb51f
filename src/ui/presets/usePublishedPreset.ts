import { useMemo } from "react";
import { PRESETS, type Preset, presetScenarioQuery } from "../../content/presets.ts";
import { encodeScenario } from "../../model/index.ts";
import { useApp } from "../../state/useApp.ts";

/** The preset the scenario is, as published (its title as the name, nothing changed), or null. */
export function usePublishedPreset(): Preset | null {
  const scenario = useApp((state) => state.scenario);
  return useMemo(() => {
    const query = encodeScenario(scenario);
    return PRESETS.find((candidate) => presetScenarioQuery(candidate) === query) ?? null;
  }, [scenario]);
}
