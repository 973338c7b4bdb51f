import type { ModelledGate, Scenario, ScenarioKey } from "../../model/index.ts";
import { KEY_CODECS, MODELLED_GATES, SCENARIO_KEYS } from "../../model/index.ts";

// What sets run A and run B apart, in a few words per side: "skip-fallback gate off" | "on".

const GATE_NAMES: Record<ModelledGate, string> = {
  ConsistentListFromCache: "consistent-from-cache gate",
  ListFromCacheSnapshot: "snapshot gate",
  ConsistentListFromCacheSkipTimeoutFallback: "skip-fallback gate",
};

function keyText(key: ScenarioKey, scenario: Scenario, other: Scenario): string[] {
  if (key === "gates") {
    return MODELLED_GATES.filter(
      (gate) => scenario.gatesInForce[gate] !== other.gatesInForce[gate],
    ).map((gate) => `${GATE_NAMES[gate]} ${scenario.gatesInForce[gate] ? "on" : "off"}`);
  }
  if (key === "k8s") return [`Kubernetes ${scenario.k8s}`];
  const { label, unit } = SCENARIO_KEYS[key];
  const text = KEY_CODECS[key].write(scenario) || "none";
  return [`${label} ${text}${unit === "" ? "" : ` ${unit}`}`];
}

/** One line per side: what differs, or "same knobs" when the override changes nothing. */
export function describeSides(
  a: Scenario,
  b: Scenario,
  differing: readonly ScenarioKey[],
): { a: string; b: string } {
  const differs = differing.filter((key) => KEY_CODECS[key].write(a) !== KEY_CODECS[key].write(b));
  const side = (scenario: Scenario, other: Scenario) =>
    differs.flatMap((key) => keyText(key, scenario, other)).join(", ") || "same knobs";
  return { a: side(a, b), b: side(b, a) };
}
