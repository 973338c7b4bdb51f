import type { ReactNode } from "react";
import { mayChange } from "../../content/challenges/judge.ts";
import type { ScenarioKey } from "../../model/index.ts";
import { SCENARIO_KEYS } from "../../model/index.ts";
import { useChallenge } from "./useChallenge.ts";

// While a challenge is open, the controls of the keys it does not allow are locked: disabled in
// a group named "Locked", with the reason once at the top of the panel. The check refuses a
// locked key changed some other way (the address) too, so the lock is a courtesy, not the rule.

/** The keys the fault buttons write. */
export const FAULT_KEYS: readonly ScenarioKey[] = ["stall", "restart", "compact", "herd", "away"];

/** Whether the open challenge locks every one of `keys`. */
export function useLocked(keys: readonly ScenarioKey[]): boolean {
  const challenge = useChallenge();
  return challenge !== undefined && keys.every((key) => !mayChange(challenge, key));
}

/** Its children, disabled and marked when the open challenge locks all of `keys`. */
export function Locked({ keys, children }: { keys: readonly ScenarioKey[]; children: ReactNode }) {
  if (!useLocked(keys)) return children;
  return (
    <fieldset disabled className="locked-control" data-locked={keys.join(",")}>
      <legend>Locked by the challenge</legend>
      {children}
    </fieldset>
  );
}

/** Above the controls while a challenge is open: what may change, and why the rest may not. */
export function LocksNote() {
  const challenge = useChallenge();
  if (challenge === undefined) return null;
  const free = (Object.keys(SCENARIO_KEYS) as ScenarioKey[]).filter(
    (key) => key !== "name" && mayChange(challenge, key),
  );
  const where = challenge.trial !== undefined ? " (in the challenge card)" : "";
  return (
    <p className="locks-note" data-testid="locks-note">
      <strong>Challenge “{challenge.title}”:</strong>{" "}
      {free.length === 0
        ? "no control here may change"
        : `only ${free.map((key) => SCENARIO_KEYS[key].label).join(", ")}${where} may change`}
      ; the rest are locked because {challenge.lockedBecause}
    </p>
  );
}
