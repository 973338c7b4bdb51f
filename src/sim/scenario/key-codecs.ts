import * as v from "valibot";
import { accept, type Decoded, refuse } from "./decoded.ts";
import {
  formatAways,
  formatHerds,
  formatStalls,
  formatTimes,
  readAways,
  readHerds,
  readStalls,
  readTimes,
} from "./fault-text.ts";
import { formatGateSettings, parseGateSettings } from "./gate-settings.ts";
import { SCENARIO_KEYS, type ScenarioKey } from "./keys.ts";
import { formatMix, parseMix } from "./mix.ts";
import { formatNumber, readNumber } from "./numeric-text.ts";
import { SCHEDULE_KEYS, type Scenario, type ScheduleKey, WHATIF_SWITCHES } from "./scenario.ts";
import { formatSchedule, readSchedule } from "./schedule-text.ts";

// How each key's text maps to its field of the scenario, both ways.

export type ScenarioDraft = { -readonly [K in keyof Scenario]: Scenario[K] };

export type KeyCodec = {
  /** Stores the value read from `text` in the draft, or leaves the draft as it was. */
  readonly read: (text: string, draft: ScenarioDraft) => Decoded<unknown>;
  readonly write: (scenario: Scenario) => string;
};

function codec<F extends keyof Scenario>(
  field: F,
  read: (text: string, draft: ScenarioDraft) => Decoded<Scenario[F]>,
  write: (value: Scenario[F]) => string,
): KeyCodec {
  return {
    read: (text, draft) => {
      const decoded = read(text, draft);
      if (decoded.ok) draft[field] = decoded.value;
      return decoded;
    },
    write: (scenario) => write(scenario[field]),
  };
}

const fromSchema =
  <T>(schema: v.GenericSchema<string, T>) =>
  (text: string): Decoded<T> => {
    const result = v.safeParse(schema, text);
    return result.success ? accept(result.output) : refuse();
  };

type NumberField =
  | "v"
  | "seed"
  | "objects"
  | "watchTimeoutS"
  | "requestTimeoutS"
  | "compactionS"
  | "blockTimeoutMs";
type NumberKey =
  | "v"
  | "seed"
  | "objects"
  | "watchTimeout"
  | "requestTimeout"
  | "compaction"
  | "blockTimeout";

const numberCodec = (field: NumberField, key: NumberKey): KeyCodec =>
  codec(
    field,
    (text) => {
      const value = readNumber(text, SCENARIO_KEYS[key].value);
      return value === undefined ? refuse() : accept(value as Scenario[typeof field]);
    },
    formatNumber,
  );

const scheduleCodec = (key: ScheduleKey): KeyCodec =>
  codec(key, (text) => readSchedule(text, SCENARIO_KEYS[key].value), formatSchedule);

const choiceCodec = <F extends "k8s" | "rywRead" | "arrival" | "retry">(field: F): KeyCodec => {
  const schema = v.picklist(SCENARIO_KEYS[field].value.options);
  return codec(
    field,
    (text) => (v.is(schema, text) ? accept(text as Scenario[F]) : refuse()),
    (value) => value,
  );
};

function readWhatIf(text: string): Decoded<Scenario["whatif"]> {
  const whatif = { noRvGuard: false, noHysteresis: false };
  for (const name of text === "" ? [] : text.split(",")) {
    if (!v.is(v.picklist(WHATIF_SWITCHES), name))
      return refuse(`"${name}" is not a what-if switch`);
    whatif[name] = true;
  }
  return accept(whatif);
}

const formatWhatIf = (whatif: Scenario["whatif"]): string =>
  WHATIF_SWITCHES.filter((name) => whatif[name]).join(",");

const schedules = Object.fromEntries(
  SCHEDULE_KEYS.map((key) => [key, scheduleCodec(key)]),
) as Record<ScheduleKey, KeyCodec>;

export const KEY_CODECS: Record<ScenarioKey, KeyCodec> = {
  ...schedules,
  v: numberCodec("v", "v"),
  name: codec(
    "name",
    fromSchema(v.pipe(v.string(), v.maxCodePoints(SCENARIO_KEYS.name.value.maxChars))),
    (name) => name,
  ),
  seed: numberCodec("seed", "seed"),
  k8s: choiceCodec("k8s"),
  // Read after k8s (table order): which gates may be set depends on the version.
  gates: codec(
    "gateSettings",
    (text, draft) => {
      const result = parseGateSettings(text, draft.k8s);
      return result.ok ? accept(result.settings) : refuse(...result.problems);
    },
    formatGateSettings,
  ),
  objects: numberCodec("objects", "objects"),
  mix: codec(
    "mix",
    (text) => {
      const result = parseMix(text);
      return "mix" in result ? accept(result.mix) : refuse(result.problem);
    },
    formatMix,
  ),
  rywRead: choiceCodec("rywRead"),
  herd: codec("herd", (text) => readHerds(text, SCENARIO_KEYS.herd.value), formatHerds),
  watchTimeout: numberCodec("watchTimeoutS", "watchTimeout"),
  away: codec("away", (text) => readAways(text, SCENARIO_KEYS.away.value), formatAways),
  arrival: choiceCodec("arrival"),
  stall: codec("stall", readStalls, formatStalls),
  restart: codec("restart", readTimes, formatTimes),
  compact: codec("compact", readTimes, formatTimes),
  requestTimeout: numberCodec("requestTimeoutS", "requestTimeout"),
  compaction: numberCodec("compactionS", "compaction"),
  retry: choiceCodec("retry"),
  blockTimeout: numberCodec("blockTimeoutMs", "blockTimeout"),
  whatif: codec("whatif", readWhatIf, formatWhatIf),
};
