import type { Nanos, Scenario, ScenarioKey, SimSnapshot } from "../../model/index.ts";
import { encodeScenario, KEY_CODECS, NS_PER_S, parseScenario } from "../../model/index.ts";
import type { Challenge, Confirmation } from "./challenge.ts";

// The challenge engine: pure functions from the learner's scenario and the run's snapshots to a
// verdict. The page calls `judge` on every frame; the tests call it on headless runs. A check that
// the model must confirm by other runs is "checking" until `settle` takes their answer.

export type Verdict =
  | { kind: "trying" }
  /** The goal held at `atNs`; the challenge's `confirm` runs the model to say whether it counts. */
  | { kind: "checking"; atNs: Nanos }
  | { kind: "solved"; atNs: Nanos; note: string }
  | { kind: "missed"; atNs: Nanos; reason: string }
  /** The model's check could not run (`reason` says why): the run neither solves nor misses. */
  | { kind: "checkFailed"; atNs: Nanos; reason: string }
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
  if (before.kind !== "trying") {
    return restarted ? { verdict: before, lastNs: now } : { ...previous, lastNs: now };
  }
  const { check } = challenge;
  let verdict: Verdict = before;
  if (check.holds(snapshot)) {
    verdict =
      check.confirm === undefined
        ? { kind: "solved", atNs: now, note: "" }
        : { kind: "checking", atNs: now };
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

/**
 * The judging once the model's check of `checking` answered (a confirmation, or the error that kept
 * it from running). The same judging when the verdict is no longer that check (the run restarted,
 * a locked key changed): the answer is about a run no longer judged.
 */
export function settle(judging: Judging, checking: Verdict, answer: Confirmation | Error): Judging {
  if (judging.verdict !== checking || checking.kind !== "checking") return judging;
  const { atNs } = checking;
  const verdict: Verdict =
    answer instanceof Error
      ? { kind: "checkFailed", atNs, reason: answer.message }
      : answer.ok
        ? { kind: "solved", atNs, note: answer.message }
        : { kind: "missed", atNs, reason: answer.message };
  return { ...judging, verdict };
}
