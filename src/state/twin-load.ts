import type { Scenario, ScenarioIssue } from "../model/index.ts";
import { encodeScenario } from "../model/index.ts";
import type { TwinSpec } from "../worker/protocol.ts";
import { readTwin } from "./twin-override.ts";

interface SettledTwin {
  /** The page keys with `twin` in the codec's words, or without it when it cannot run. */
  pageKeys: Readonly<Record<string, string>>;
  issues: readonly ScenarioIssue[];
  /** What a load command adds: `{ twin }` for a twin run, nothing for a single run. */
  load: { twin?: TwinSpec };
}

// The embedded player shows one run's panels (the `panels` key picks them), so a twin run B would
// play hidden, costing the worker a second run for nothing: an embed drops the key and says so.
const embedIssue = (text: string): ScenarioIssue => ({
  key: "twin",
  value: text,
  message: "twin runs are not shown in embeds; the main run plays alone",
});

/**
 * Reads the `twin` page key against the scenario about to load. A twin that does not fit (a bad
 * link, or a main run changed under it) or that an embed would not show is dropped and reported;
 * the main run goes on alone.
 */
export function settleTwin(
  scenario: Scenario,
  pageKeys: Readonly<Record<string, string>>,
): SettledTwin {
  const { twin: text, ...others } = pageKeys;
  if (text === undefined) return { pageKeys, issues: [], load: {} };
  // Read as the embed reads it (src/ui/embed/embedKeys.ts): only `1` shows the compact player.
  if (pageKeys["embed"] === "1") return { pageKeys: others, issues: [embedIssue(text)], load: {} };
  const reading = readTwin(text, scenario);
  if (!reading.ok) return { pageKeys: others, issues: reading.issues, load: {} };
  const twin = { query: encodeScenario(reading.scenario), differing: reading.differing };
  const settled = reading.text === text ? pageKeys : { ...others, twin: reading.text };
  return { pageKeys: settled, issues: [], load: { twin } };
}
