import { describe, expect, it } from "vitest";
import { PRESETS, presetScenarioQuery } from "../../src/content/presets.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";

describe("PRESETS", () => {
  it("are valid links whose name is their title", () => {
    for (const preset of PRESETS) {
      const { scenario, issues } = parseScenario(presetScenarioQuery(preset));
      expect(issues, preset.id).toEqual([]);
      expect(scenario.name).toBe(preset.title);
    }
  });

  it("have distinct ids and distinct scenarios, so the page can tell which one is open", () => {
    expect(new Set(PRESETS.map((preset) => preset.id)).size).toBe(PRESETS.length);
    expect(new Set(PRESETS.map((preset) => preset.query)).size).toBe(PRESETS.length);
  });
});
