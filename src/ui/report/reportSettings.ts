import {
  defaultsFor,
  gatesFor,
  KEY_CODECS,
  MODELLED_GATES,
  SCENARIO_KEYS,
  type Scenario,
  type ScenarioKey,
} from "../../model/index.ts";

// Every setting a run ran with, default or not, so a reader of the report need not know the
// defaults: the Kubernetes version, each modelled gate in force (and whether the version has it),
// and every run key's value. One column per run.

/** Text for a cell of the report's Markdown tables, where a bare | would end the cell. */
export const cell = (text: string) => text.replaceAll("|", "\\|");

function keyValue(key: ScenarioKey, scenario: Scenario): string {
  const { unit } = SCENARIO_KEYS[key];
  const text = KEY_CODECS[key].write(scenario);
  const shown = text === "" ? "none" : `${text}${unit === "" ? "" : ` ${unit}`}`;
  const isDefault = text === KEY_CODECS[key].write(defaultsFor(scenario.v));
  return isDefault ? `${shown} (default)` : shown;
}

function gateValue(gate: (typeof MODELLED_GATES)[number], scenario: Scenario): string {
  const spec = gatesFor(scenario.k8s)[gate];
  const state = scenario.gatesInForce[gate] ? "on" : "off";
  if (!spec.exists) return `${state} (not in ${scenario.k8s}: always ${state})`;
  return `${state} (${spec.stage}, ${scenario.gatesInForce[gate] === spec.default ? "default" : "set"})`;
}

/** The settings table: "| setting | A | B |" in a twin, "| setting | value |" for one run. */
export function settingsTable(scenarios: readonly Scenario[]): string[] {
  const head =
    scenarios.length === 2
      ? ["| setting | A | B |", "|---|---|---|"]
      : ["| setting | value |", "|---|---|"];
  const row = (label: string, values: string[]) =>
    `| ${cell(label)} | ${values.map(cell).join(" | ")} |`;
  const lines = [
    ...head,
    row(
      "Kubernetes version",
      scenarios.map((s) => s.k8s),
    ),
    ...MODELLED_GATES.map((gate) =>
      row(
        `feature gate ${gate}`,
        scenarios.map((s) => gateValue(gate, s)),
      ),
    ),
  ];
  for (const key of Object.keys(SCENARIO_KEYS) as ScenarioKey[]) {
    if (key === "k8s" || key === "gates" || key === "v" || key === "name") continue;
    lines.push(
      row(
        `${SCENARIO_KEYS[key].label} (${key})`,
        scenarios.map((s) => keyValue(key, s)),
      ),
    );
  }
  return lines;
}
