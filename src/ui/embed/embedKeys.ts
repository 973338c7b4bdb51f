import type { ScenarioIssue } from "../../model/index.ts";
import { echo } from "../../model/index.ts";

// The page keys an embed reads (docs/scenarios.md, "Page keys"), checked like run keys: a bad
// value is reported with what is allowed and what the page does instead, and leaves the address
// (`t` and `speed` are checked where the link is opened, src/state/opening-keys.ts).

export interface EmbedOptions {
  /** Panel ids to show, in the link's order. */
  panels: readonly string[];
  controls: boolean;
  startS: number;
  /** The window's end; null plays on. */
  untilS: number | null;
  loop: boolean;
}

export interface PageKeyReading {
  /** Null unless the link asks for the embedded player. */
  embed: EmbedOptions | null;
  issues: ScenarioIssue[];
  /** The page keys as the page uses them: refused keys dropped, `panels` as far as it was read. */
  pageKeys: Readonly<Record<string, string>>;
}

const issue = (key: string, value: string, expected: string, instead: string): ScenarioIssue => ({
  key,
  value,
  message: `${key}: "${echo(value)}" is not valid: expected ${expected}; ${instead}`,
});

function readSwitch(
  page: Readonly<Record<string, string>>,
  key: string,
  fallback: boolean,
  issues: ScenarioIssue[],
) {
  const value = page[key];
  if (value === "0" || value === "1") return value === "1";
  if (value !== undefined)
    issues.push(issue(key, value, "1 or 0", `${key} stays ${fallback ? 1 : 0}`));
  return fallback;
}

function readSeconds(value: string | undefined, min: number): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= min ? seconds : undefined;
}

function readPanels(
  value: string | undefined,
  known: readonly string[],
  defaults: readonly string[],
  issues: ScenarioIssue[],
): { panels: readonly string[]; text: string | undefined } {
  if (value === undefined) return { panels: defaults, text: undefined };
  const asked = value.split(",").map((id) => id.trim());
  const unknown = asked.filter((id) => !known.includes(id));
  const chosen = [...new Set(asked.filter((id) => known.includes(id)))];
  const panels = chosen.length > 0 ? chosen : defaults;
  if (unknown.length > 0) {
    const skipped = `${unknown.map((id) => `"${echo(id)}"`).join(", ")} skipped`;
    const shown =
      chosen.length > 0
        ? `showing ${chosen.join(", ")}`
        : `showing the default ${defaults.join(", ")}`;
    issues.push(
      issue("panels", value, `a comma list of ${known.join(", ")}`, `${skipped}, ${shown}`),
    );
  }
  return { panels, text: chosen.length > 0 ? chosen.join(",") : undefined };
}

export function readEmbedKeys(
  page: Readonly<Record<string, string>>,
  panelIds: readonly string[],
  defaultPanels: readonly string[] = panelIds,
): PageKeyReading {
  const issues: ScenarioIssue[] = [];
  const embed = readSwitch(page, "embed", false, issues);
  const controls = readSwitch(page, "controls", true, issues);
  const loop = readSwitch(page, "loop", false, issues);
  const { t, until } = page;

  const openS = readSeconds(t, 0) ?? 0;
  const untilS = readSeconds(until, openS) ?? null;
  if (until !== undefined && (untilS === null || untilS <= openS)) {
    issues.push(issue("until", until, `seconds after t (${openS})`, "the embed plays on"));
  }
  const windowEndS = untilS !== null && untilS > openS ? untilS : null;
  if (loop && windowEndS === null) {
    issues.push({
      key: "loop",
      value: "1",
      message: "loop: replays up to until, which is not set; the embed plays on",
    });
  }

  const panels = readPanels(page["panels"], panelIds, defaultPanels, issues);
  const refused = new Set(issues.map((found) => found.key));
  const pageKeys: Record<string, string> = {};
  for (const [key, value] of Object.entries(page)) {
    if (key === "panels" && panels.text !== undefined) pageKeys[key] = panels.text;
    else if (!refused.has(key)) pageKeys[key] = value;
  }
  return {
    embed: embed
      ? { panels: panels.panels, controls, startS: openS, untilS: windowEndS, loop }
      : null,
    issues,
    pageKeys,
  };
}
