import type { ScenarioIssue } from "../../model/index.ts";
import { echo } from "../../model/index.ts";

// The page key `tour` names a chapter; one the tour does not have is a bad page key, reported
// with what is allowed and removed from the address, as a bad run key is.

export function tourKeyIssue(value: string, chapterIds: readonly string[]): ScenarioIssue {
  return {
    key: "tour",
    value,
    message: `tour: "${echo(value)}" is not valid: expected a chapter id (${chapterIds.join(", ")}); the page opens without the tour`,
  };
}

/** The page keys without an unknown `tour`, and the issue that says so. */
export function readTourKey(
  pageKeys: Readonly<Record<string, string>>,
  chapterIds: readonly string[],
): { pageKeys: Readonly<Record<string, string>>; issues: ScenarioIssue[] } {
  const { tour, ...others } = pageKeys;
  if (tour === undefined || chapterIds.includes(tour)) return { pageKeys, issues: [] };
  return { pageKeys: others, issues: [tourKeyIssue(tour, chapterIds)] };
}
