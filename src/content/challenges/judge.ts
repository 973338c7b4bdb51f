import type { Nanos, Scenario, ScenarioKey, SimSnapshot } from "../../model/index.ts";
import { encodeScenario, KEY_CODECS, NS_PER_S, parseScenario } from "../../model/index.ts";
import type { Challenge } from "./challenge.ts";

// The challenge engine: pure functions from the learner's scenario and the run's snapshots to a
// verdict. The page calls `judge` on every frame; the tests call it on headless runs.

export type Verdict =
  | { kind: "trying" }
  | { kind: "solved"; atNs: Nanos; note: string }
  | { kind: "missed"; atNs: Nanos; reason: string }
  /** A locked key differs from the start: the run cannot count, whatever it shows. */
  | { kind: "offLimits"; keys: readonly ScenarioKey[] };

export interface Judging {
  verdict: Verdict;
  /** Simulated time of the last snapshot judged: a clock that goes back starts over. */
  lastNs: Nanos;
}

export const NOT_JUDGED: Judging = { verdict: { kind: "trying" }, lastNs: 0 };

/** The challenge's starting scenario as the codec writes it, named after the challenge. */
export function startQuery(challenge: Challenge): string {
  const { scenario } = parseScenario(challenge.start);
  return encodeScenario({ ...scenario, name: `Challenge: ${challenge.title}` });
}

/** The keys the learner may change: the allowed ones, the trial's, and the name (never simulated). */
export const mayChange = (challenge: Challenge, key: ScenarioKey): boolean =>
  key === "name" || key === challenge.trial?.key || challenge.allowed.includes(key);

/** The locked keys whose link text differs from the start's. */
export function lockedChanges(challenge: Challenge, scenario: Scenario): ScenarioKey[] {
  const start = lockedTextOf(challenge);
  return [...start].flatMap(([key, text]) =>
    KEY_CODECS[key].write(scenario) === text ? [] : [key],
  );
}

// The start's text of each locked key, worked out once per challenge: the page judges every frame.
const lockedTexts = new WeakMap<Challenge, ReadonlyMap<ScenarioKey, string>>();

function lockedTextOf(challenge: Challenge): ReadonlyMap<ScenarioKey, string> {
  let texts = lockedTexts.get(challenge);
  if (texts === undefined) {
    const start = parseScenario(challenge.start).scenario;
    const keys = (Object.keys(KEY_CODECS) as ScenarioKey[]).filter(
      (key) => !mayChange(challenge, key),
    );
    texts = new Map(keys.map((key) => [key, KEY_CODECS[key].write(start)]));
    lockedTexts.set(challenge, texts);
  }
  return texts;
}

const seconds = (ns: Nanos) => `${(ns / NS_PER_S).toFixed(1)} s`;

/** The verdict after `snapshot` of a run of `scenario`; the same `verdict` object when it stands. */
export function judge(
  challenge: Challenge,
  scenario: Scenario,
  snapshot: SimSnapshot,
  previous: Judging,
): Judging {
  const now = snapshot.nowNs;
  const locked = lockedChanges(challenge, scenario);
  if (locked.length > 0) {
    const same =
      previous.verdict.kind === "offLimits" && previous.verdict.keys.join() === locked.join();
    return same ? previous : { verdict: { kind: "offLimits", keys: locked }, lastNs: now };
  }
  const restarted = now < previous.lastNs || previous.verdict.kind === "offLimits";
  const before = restarted ? NOT_JUDGED.verdict : previous.verdict;
  if (before.kind === "solved" || before.kind === "missed") {
    return restarted ? { verdict: before, lastNs: now } : { ...previous, lastNs: now };
  }
  const { check } = challenge;
  let verdict: Verdict = before;
  if (check.holds(snapshot)) {
    const confirmed = check.confirm?.(scenario) ?? { ok: true, message: "" };
    verdict = confirmed.ok
      ? { kind: "solved", atNs: now, note: confirmed.message }
      : { kind: "missed", atNs: now, reason: confirmed.message };
  } else {
    const spoiled = check.spoiled?.(snapshot) ?? null;
    if (spoiled !== null) verdict = { kind: "missed", atNs: now, reason: spoiled };
    else if (now > check.windowS * NS_PER_S)
      verdict = {
        kind: "missed",
        atNs: now,
        reason: `not met within ${check.windowS} s (the run is at ${seconds(now)})`,
      };
  }
  if (verdict === before && !restarted) return { ...previous, lastNs: now };
  return { verdict, lastNs: now };
}
