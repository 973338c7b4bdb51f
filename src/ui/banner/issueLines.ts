import { numberText } from "../../content/number-text.ts";
import type { ScenarioIssue } from "../../model/index.ts";
import { echo } from "../../model/index.ts";

// The banner's lines for a link's problems. A link can carry thousands of keys: unknown ones are
// named on one line, and the list stops after a screenful, saying how many it left out.

export interface IssueLine {
  /** `key=value` as the link wrote it, cut short when long; null for a summary line. */
  given: string | null;
  text: string;
}

const SHOWN_LINES = 8;
const NAMED_UNKNOWN = 8;

const isUnknownKey = (issue: ScenarioIssue) => issue.message.startsWith("unknown key ");

function unknownKeysLine(unknown: readonly ScenarioIssue[]): IssueLine {
  const names = unknown.slice(0, NAMED_UNKNOWN).map((issue) => echo(issue.key, 24));
  const more = unknown.length - names.length;
  const list = more > 0 ? `${names.join(", ")} and ${numberText(more)} more` : names.join(", ");
  return {
    given: null,
    text: `${numberText(unknown.length)} unknown keys ignored: ${list}`,
  };
}

export function issueLines(issues: readonly ScenarioIssue[]): {
  lines: IssueLine[];
  notShown: number;
} {
  const unknown = issues.filter(isUnknownKey);
  const lines: IssueLine[] = [];
  let unknownPlaced = false;
  for (const issue of issues) {
    if (isUnknownKey(issue) && unknown.length > 1) {
      if (!unknownPlaced) lines.push(unknownKeysLine(unknown));
      unknownPlaced = true;
      continue;
    }
    lines.push({ given: `${echo(issue.key, 24)}=${echo(issue.value, 24)}`, text: issue.message });
  }
  return { lines: lines.slice(0, SHOWN_LINES), notShown: Math.max(lines.length - SHOWN_LINES, 0) };
}
