import { SCENARIO_KEYS, type ScenarioKey } from "./keys.ts";
import { defaultsFor, type Scenario } from "./scenario.ts";
import { KEY_CODECS } from "./scenario-codec.ts";

// A lone surrogate (a name cut mid-emoji) cannot be percent-encoded; a link reading it back
// would give U+FFFD anyway, so it is written as that.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Link text keeps `@ , : =` readable; everything else URLSearchParams would misread is escaped.
const escapeValue = (text: string): string =>
  encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD")).replace(
    /%(40|2C|3A|3D)/g,
    (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)),
  );

/**
 * `v=3&a=1&b=2`: the schema version, then only the values that differ from that version's
 * defaults, in docs/scenarios.md's key order. Every link carries its `v`, so a later change of a default
 * migrates it instead of changing what it shows.
 */
export function encodeScenario(scenario: Scenario): string {
  const defaults = defaultsFor(scenario.v);
  const parts: string[] = [`v=${scenario.v}`];
  for (const key of Object.keys(SCENARIO_KEYS) as ScenarioKey[]) {
    if (key === "v") continue;
    const { write } = KEY_CODECS[key];
    const text = write(scenario);
    if (text !== write(defaults)) parts.push(`${key}=${escapeValue(text)}`);
  }
  return parts.join("&");
}
