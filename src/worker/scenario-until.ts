import type { Nanos, Scenario } from "../model/index.ts";
import { SCHEDULE_KEYS } from "../model/index.ts";

// A fork from a moment in the past keeps the scenario as it stood then: every schedule point and
// fault recorded after that moment belongs to the discarded future.

export interface ScenarioUntil {
  scenario: Scenario;
  /** Whether a stall window was dropped (a run may already have held items back for it). */
  droppedStall: boolean;
}

export function scenarioUntil(scenario: Scenario, tNs: Nanos): ScenarioUntil {
  const kept = (atNs: Nanos) => atNs <= tNs;
  const schedules = Object.fromEntries(
    SCHEDULE_KEYS.map((key) => [key, scenario[key].filter((p) => kept(p.atNs))]),
  );
  const stall = scenario.stall.filter((s) => kept(s.startNs));
  return {
    scenario: {
      ...scenario,
      ...schedules,
      stall,
      herd: scenario.herd.filter((h) => kept(h.atNs)),
      away: scenario.away.filter((a) => kept(a.atNs)),
      restart: scenario.restart.filter(kept),
      compact: scenario.compact.filter(kept),
    },
    droppedStall: stall.length < scenario.stall.length,
  };
}
