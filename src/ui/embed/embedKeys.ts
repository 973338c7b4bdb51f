import type { ScenarioIssue } from "../../model/index.ts";
import { MAX_SPEED, MIN_SPEED } from "../../state/speed.ts";

// The page keys an embed reads (docs/scenarios.md, "Page keys"), checked like run keys: a bad value is
// reported with what is allowed, and the page goes on with that key's default.

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
}

const issue = (key: string, value: string, expected: string): ScenarioIssue => ({
  key,
  value,
  message: `${key}: "${value}" is not valid: expected ${expected}`,
});

function readSwitch(page: Readonly<Record<string, string>>, key: string, issues: ScenarioIssue[]) {
  const value = page[key];
  if (value === "0" || value === "1") return value === "1";
  if (value !== undefined) issues.push(issue(key, value, "1 or 0"));
  return undefined;
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
) {
  if (value === undefined) return defaults;
  const asked = value.split(",").map((id) => id.trim());
  const unknown = asked.filter((id) => !known.includes(id));
  if (unknown.length > 0)
    issues.push(issue("panels", value, `a comma list of ${known.join(", ")}`));
  const chosen = [...new Set(asked.filter((id) => known.includes(id)))];
  return chosen.length > 0 ? chosen : defaults;
}

export function readEmbedKeys(
  page: Readonly<Record<string, string>>,
  panelIds: readonly string[],
  defaultPanels: readonly string[] = panelIds,
): PageKeyReading {
  const issues: ScenarioIssue[] = [];
  const embed = readSwitch(page, "embed", issues) ?? false;
  const controls = readSwitch(page, "controls", issues) ?? true;
  const loop = readSwitch(page, "loop", issues) ?? false;
  const { t, until, speed } = page;

  const startS = readSeconds(t, 0);
  if (t !== undefined && startS === undefined) issues.push(issue("t", t, "seconds ≥ 0"));
  const openS = startS ?? 0;
  const untilS = readSeconds(until, openS) ?? null;
  if (until !== undefined && (untilS === null || untilS <= openS)) {
    issues.push(issue("until", until, `seconds after t (${openS})`));
  }
  const speedX = speed === undefined ? undefined : Number(speed);
  if (
    speed !== undefined &&
    !(speedX !== undefined && speedX >= MIN_SPEED && speedX <= MAX_SPEED)
  ) {
    issues.push(issue("speed", speed, `a number ${MIN_SPEED} … ${MAX_SPEED}`));
  }
  const windowEndS = untilS !== null && untilS > openS ? untilS : null;
  if (loop && windowEndS === null) {
    issues.push({
      key: "loop",
      value: "1",
      message: "loop: replays up to until, which is not set",
    });
  }

  const panels = readPanels(page["panels"], panelIds, defaultPanels, issues);
  return {
    embed: embed ? { panels, controls, startS: openS, untilS: windowEndS, loop } : null,
    issues,
  };
}
