import type { ScenarioIssue } from "../model/index.ts";
import { echo, MAX_OPEN_AT_S } from "../model/index.ts";
import { promKeyIssue } from "./prom-semantics.ts";
import { clampSpeed, MAX_SPEED, MIN_SPEED } from "./speed.ts";

// The page keys that decide how a link opens: `t` (the simulated second it opens at), `speed`, and
// `prom` (the Prometheus the windowed figures follow).
// A bad one is reported with what the page does instead, and leaves the address, as a bad run key
// does: `t=1e9` asked the worker for thirty years of simulated time and the page never showed.

export interface OpeningKeys {
  /** The page keys without the refused ones. */
  pageKeys: Readonly<Record<string, string>>;
  openAtS: number;
  speed: number;
  issues: ScenarioIssue[];
}

const SECONDS = /^(\d+(\.\d*)?|\.\d+)$/;

const refused = (key: string, value: string, expected: string, instead: string) => ({
  key,
  value,
  message: `${key}: "${echo(value)}" is not valid: expected ${expected}; ${instead}`,
});

export function readOpeningKeys(page: Readonly<Record<string, string>>): OpeningKeys {
  const { t, speed: speedText } = page;
  const issues: ScenarioIssue[] = [];

  let openAtS = 0;
  if (t !== undefined) {
    const seconds = SECONDS.test(t.trim()) ? Number(t) : Number.NaN;
    if (seconds >= 0 && seconds <= MAX_OPEN_AT_S) {
      openAtS = seconds;
    } else {
      issues.push(refused("t", t, `seconds 0 … ${MAX_OPEN_AT_S}`, "the run opens at 0 s"));
    }
  }

  let speed = 1;
  if (speedText !== undefined) {
    const asked = speedText.trim() === "" ? Number.NaN : Number(speedText);
    if (asked >= MIN_SPEED && asked <= MAX_SPEED) {
      speed = asked;
    } else {
      // A number out of range plays at the nearest speed the page has; anything else at 1×.
      speed = Number.isFinite(asked) ? clampSpeed(asked) : 1;
      const expected = `a number ${MIN_SPEED} … ${MAX_SPEED}`;
      issues.push(refused("speed", speedText, expected, `playing at ${speed}×`));
    }
  }
  const prom = promKeyIssue(page);
  if (prom !== null) issues.push(prom);
  const refusedKeys = new Set(issues.map((issue) => issue.key));
  const pageKeys = Object.fromEntries(
    Object.entries(page).filter(([key]) => !refusedKeys.has(key)),
  );
  return { pageKeys, openAtS, speed, issues };
}
