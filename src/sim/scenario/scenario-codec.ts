import type { Decoded } from "./decoded.ts";
import type { KeyDescriptor } from "./key-codecs.ts";
import { SCENARIO_KEYS, type ScenarioKey } from "./keys.ts";
import { defaultsFor, type Scenario } from "./scenario.ts";

// Each key's descriptor seen over a whole scenario: read a key's text into its field of a draft,
// write a key's text from a scenario. The parser, the encoder and the page use these.

export type ScenarioDraft = { -readonly [K in keyof Scenario]: Scenario[K] };

export type KeyCodec = {
  /** Stores the value read from `text` in the draft, or leaves the draft as it was. */
  readonly read: (text: string, draft: ScenarioDraft) => Decoded<unknown>;
  readonly write: (scenario: Scenario) => string;
};

function codecOf(key: ScenarioKey): KeyCodec {
  const descriptor = SCENARIO_KEYS[key] as unknown as KeyDescriptor<unknown>;
  return {
    read: (text, draft) => {
      const decoded = descriptor.read(text, draft);
      if (!decoded.ok) return decoded;
      // `v` is read first (table order): the keys after it start from that version's defaults.
      if (key === "v") Object.assign(draft, defaultsFor(decoded.value as Scenario["v"]));
      (draft as Record<ScenarioKey, unknown>)[key] = decoded.value;
      return decoded;
    },
    write: (scenario) => descriptor.write(scenario[key], scenario),
  };
}

export const KEY_CODECS = Object.fromEntries(
  (Object.keys(SCENARIO_KEYS) as ScenarioKey[]).map((key) => [key, codecOf(key)]),
) as Record<ScenarioKey, KeyCodec>;
