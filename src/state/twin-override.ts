import type { Scenario, ScenarioIssue, ScenarioKey } from "../model/index.ts";
import { issueProblem, SCENARIO_KEYS } from "../model/index.ts";
import { type KeyTexts, keyTextsOf, scenarioWithKeys } from "../worker/twin-keys.ts";

// The `twin` page key: run keys in scenario syntax (`gates=…&lag=4000`) that the twin run B sets
// on top of the main run A. B is always A with those keys replaced, so it is read by the same
// codec as any link, and whatever A does live B does too, except for these keys.

type TwinReading =
  | {
      readonly ok: true;
      /** The override as the codec writes it (canonical page-key text). */
      readonly text: string;
      readonly differing: readonly ScenarioKey[];
      readonly scenario: Scenario;
    }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/** A twin compares knobs on one run: these keys stay the main run's. */
const SHARED_KEYS: readonly string[] = ["v", "name", "seed"];

const isRunKey = (key: string): key is ScenarioKey => Object.hasOwn(SCENARIO_KEYS, key);

// Codec output is plain ASCII but for numbers like 1e+21; escape anything URLSearchParams misreads.
const escapeValue = (text: string): string =>
  text.replace(/[^\w.@,:=-]/g, (char) => encodeURIComponent(char));

/** `key=value&…` in the order given. */
export const encodeOverride = (override: KeyTexts): string =>
  override.map(([key, value]) => `${key}=${escapeValue(value)}`).join("&");

/** Reads the `twin` page key against the main scenario; never throws. */
export function readTwin(text: string, main: Scenario): TwinReading {
  const structure = readStructure(text);
  if (!structure.ok) return structure;
  const { scenario, issues } = scenarioWithKeys(main, structure.override);
  if (issues.length > 0) {
    return { ok: false, issues: issues.map((issue) => twinIssue(text, issueProblem(issue))) };
  }
  const differing = structure.override.map(([key]) => key);
  return { ok: true, text: encodeOverride(keyTextsOf(scenario, differing)), differing, scenario };
}

function readStructure(
  text: string,
): { ok: true; override: KeyTexts } | { ok: false; issues: ScenarioIssue[] } {
  const issues: ScenarioIssue[] = [];
  const override: [ScenarioKey, string][] = [];
  for (const [key, value] of new URLSearchParams(text)) {
    if (!isRunKey(key)) {
      issues.push(twinIssue(text, `"${key}" is not a run key`));
    } else if (SHARED_KEYS.includes(key)) {
      issues.push(twinIssue(text, `${key} cannot differ: both runs keep the main run's ${key}`));
    } else if (override.some(([given]) => given === key)) {
      issues.push(twinIssue(text, `${key} is given more than once`));
    } else {
      override.push([key, value]);
    }
  }
  if (override.length === 0 && issues.length === 0) {
    issues.push(twinIssue(text, "names no knob to change"));
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, override };
}

function twinIssue(text: string, what: string): ScenarioIssue {
  const problem = `twin: ${what} (expected key=value&… in scenario syntax, e.g. lag=4000)`;
  return {
    key: "twin",
    value: text,
    message: `twin run not started: ${what} (expected key=value&… in scenario syntax, e.g. lag=4000); the main scenario runs alone`,
    problem,
  };
}
