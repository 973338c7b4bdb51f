import { numberText } from "../content/number-text.ts";
import type { Nanos, Scenario, ScheduleKey } from "../model/index.ts";
import { recordedTime, SCENARIO_KEYS, SCHEDULE_KEYS, toSeconds, valueAt } from "../model/index.ts";

// A run-setting change (seed, version, gates, …) starts a new run from 0 s. What the reader set up
// live must survive it: restarted from 0 with the schedules as recorded, a lag moved to 5 000 ms
// at 40 s was back at 20 ms for forty seconds. So every live setting starts the new run at the
// value in force now; points planned after now (a preset's later phases) stay where they are.

export interface RestartScenario {
  scenario: Scenario;
  /** What the restart tells the reader it kept, in words ("" when nothing was set live). */
  kept: string;
}

const valueWords = (key: ScheduleKey, value: number) => {
  const { label, unit } = SCENARIO_KEYS[key];
  return `${label} ${numberText(value)}${unit === "" ? "" : ` ${unit}`}`;
};

const faultCount = (scenario: Scenario) =>
  scenario.stall.length +
  scenario.herd.length +
  scenario.away.length +
  scenario.restart.length +
  scenario.compact.length;

export function restartScenario(scenario: Scenario, clockNs: Nanos): RestartScenario {
  // A move made just now is recorded on the next whole millisecond: it is in force now.
  const nowNs = recordedTime(clockNs);
  const carried: string[] = [];
  const schedules: Partial<Record<ScheduleKey, Scenario[ScheduleKey]>> = {};
  for (const key of SCHEDULE_KEYS) {
    const schedule = scenario[key];
    const inForce = valueAt(schedule, nowNs);
    const later = schedule.filter((point) => point.atNs > nowNs);
    const changed = schedule.some((point) => point.atNs > 0 && point.atNs <= nowNs);
    if (!changed) continue;
    schedules[key] = [{ atNs: 0, value: inForce }, ...later];
    carried.push(valueWords(key, inForce));
  }
  const settings =
    carried.length === 0
      ? ""
      : ` with the live settings in force at ${toSeconds(clockNs).toFixed(1)} s (${carried.join(", ")})`;
  const faults = faultCount(scenario);
  const replayed =
    faults === 0
      ? ""
      : `; ${faults === 1 ? "the fault" : `the ${faults} faults`} in the link replay at ${faults === 1 ? "its moment" : "their moments"}`;
  return { scenario: { ...scenario, ...schedules }, kept: `${settings}${replayed}` };
}
