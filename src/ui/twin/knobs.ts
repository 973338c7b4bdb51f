import type { Scenario, ScenarioKey } from "../../model/index.ts";
import { gatesFor, KEY_CODECS, SCENARIO_KEYS } from "../../model/index.ts";
import { encodeOverride } from "../../state/twin-override.ts";
import { gateSettingsText } from "../controls/gate-settings-text.ts";

// The knobs the Compare dialog offers (every run key a twin may set) and a few comparisons
// worth one click, each worked out from the main run so B is always the other side of A.

export interface KnobRow {
  key: ScenarioKey;
  /** B's value, as link text. */
  text: string;
}

const SHARED: readonly ScenarioKey[] = ["v", "name", "seed"];

export const TWIN_KNOBS = (Object.keys(SCENARIO_KEYS) as ScenarioKey[]).filter(
  (key) => !SHARED.includes(key),
);

/** A new row starts at the main run's value, to be changed. */
export const rowFor = (key: ScenarioKey, main: Scenario): KnobRow => ({
  key,
  text: KEY_CODECS[key].write(main),
});

export const overrideText = (rows: readonly KnobRow[]): string =>
  encodeOverride(rows.map((row) => [row.key, row.text] as const));

/** Rows parsed back from `twin` page-key text (for editing the running comparison). */
export function rowsOf(text: string): KnobRow[] {
  return [...new URLSearchParams(text)].flatMap(([key, value]) =>
    (TWIN_KNOBS as readonly string[]).includes(key)
      ? [{ key: key as ScenarioKey, text: value }]
      : [],
  );
}

interface Suggestion {
  label: string;
  rows(main: Scenario): KnobRow[];
}

const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";
const constant = (main: Scenario, key: "lag", value: number) =>
  main[key].length === 1 && main[key][0]?.value === value;

export const SUGGESTIONS: readonly Suggestion[] = [
  {
    label: "Skip-fallback gate off | on",
    rows: (main) => {
      const gates = { ...main.gatesInForce, [SKIP]: !main.gatesInForce[SKIP] };
      // The gate exists from 1.37 on: a twin of an older run compares on 1.37.
      return gatesFor(main.k8s)[SKIP].exists
        ? [{ key: "gates", text: gateSettingsText(gates, main.k8s) }]
        : [
            { key: "k8s", text: "1.37" },
            { key: "gates", text: `${SKIP}=true` },
          ];
    },
  },
  {
    label: "1.36 | 1.37",
    rows: (main) => [
      { key: "k8s", text: main.k8s === "1.37" ? "1.36" : "1.37" },
      { key: "gates", text: "" },
    ],
  },
  {
    label: "requestTimeout 60 | 300",
    rows: (main) => [{ key: "requestTimeout", text: main.requestTimeout === 300 ? "60" : "300" }],
  },
  {
    label: "lag 20 | 4000",
    rows: (main) => [{ key: "lag", text: constant(main, "lag", 4000) ? "20" : "4000" }],
  },
];
