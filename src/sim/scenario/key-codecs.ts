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
import { formatLimits, parseLimits } from "./limits.ts";
import { formatMix, parseMix } from "./mix.ts";
import { formatNumber, type NumberRange, readNumber } from "./numeric-text.ts";
import {
  defaultsFor,
  SCHEDULE_KEYS,
  type Scenario,
  type ScheduleKey,
  type SchemaVersion,
  WHATIF_SWITCHES,
} from "./scenario.ts";
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

type NumberField = {
  [F in keyof Scenario]: Scenario[F] extends number ? F : never;
}[keyof Scenario];

const numberCodec = <F extends NumberField>(field: F, range: NumberRange): KeyCodec =>
  codec(
    field,
    (text) => {
      const value = readNumber(text, range);
      return value === undefined ? refuse() : accept(value as Scenario[F]);
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

const nameSchema = v.pipe(v.string(), v.maxCodePoints(SCENARIO_KEYS.name.value.maxChars));

const readName = (text: string): Decoded<string> =>
  v.is(nameSchema, text) ? accept(text) : refuse();

const whatIfSchema = v.picklist(WHATIF_SWITCHES);

function readWhatIf(text: string): Decoded<Scenario["whatif"]> {
  const whatif = { noRvGuard: false, noHysteresis: false };
  for (const name of text === "" ? [] : text.split(",")) {
    if (!v.is(whatIfSchema, name)) return refuse(`"${name}" is not a what-if switch`);
    whatif[name] = true;
  }
  return accept(whatif);
}

const formatWhatIf = (whatif: Scenario["whatif"]): string =>
  WHATIF_SWITCHES.filter((name) => whatif[name]).join(",");

// `v` is read first (table order): the keys after it start from that version's defaults.
const versionCodec: KeyCodec = {
  read: (text, draft) => {
    const version = readNumber(text, SCENARIO_KEYS.v.value);
    if (version === undefined) return refuse();
    Object.assign(draft, defaultsFor(version as SchemaVersion));
    return accept(version);
  },
  write: (scenario) => formatNumber(scenario.v),
};

// Only the kinds whose limit differs from the scenario's version's default are written.
const limitsCodec: KeyCodec = {
  read: (text, draft) => {
    const decoded = parseLimits(text, defaultsFor(draft.v).limits);
    if (decoded.ok) draft.limits = decoded.value;
    return decoded;
  },
  write: (scenario) => formatLimits(scenario.limits, defaultsFor(scenario.v).limits),
};

const schedules = Object.fromEntries(
  SCHEDULE_KEYS.map((key) => [key, scheduleCodec(key)]),
) as Record<ScheduleKey, KeyCodec>;

export const KEY_CODECS: Record<ScenarioKey, KeyCodec> = {
  ...schedules,
  v: versionCodec,
  name: codec("name", readName, (name) => name),
  seed: numberCodec("seed", SCENARIO_KEYS.seed.value),
  k8s: choiceCodec("k8s"),
  // Read after k8s (table order): which gates may be set depends on the version.
  gates: codec(
    "gateSettings",
    (text, draft) => parseGateSettings(text, draft.k8s),
    formatGateSettings,
  ),
  objects: numberCodec("objects", SCENARIO_KEYS.objects.value),
  mix: codec("mix", parseMix, formatMix),
  limits: limitsCodec,
  objectBytes: numberCodec("objectBytes", SCENARIO_KEYS.objectBytes.value),
  rywRead: choiceCodec("rywRead"),
  herd: codec("herd", (text) => readHerds(text, SCENARIO_KEYS.herd.value), formatHerds),
  watchTimeout: numberCodec("watchTimeoutS", SCENARIO_KEYS.watchTimeout.value),
  away: codec("away", (text) => readAways(text, SCENARIO_KEYS.away.value), formatAways),
  arrival: choiceCodec("arrival"),
  stall: codec("stall", readStalls, formatStalls),
  restart: codec("restart", readTimes, formatTimes),
  compact: codec("compact", readTimes, formatTimes),
  requestTimeout: numberCodec("requestTimeoutS", SCENARIO_KEYS.requestTimeout.value),
  compaction: numberCodec("compactionS", SCENARIO_KEYS.compaction.value),
  retry: choiceCodec("retry"),
  blockTimeout: numberCodec("blockTimeoutMs", SCENARIO_KEYS.blockTimeout.value),
  timerLatency: numberCodec("timerLatencyMs", SCENARIO_KEYS.timerLatency.value),
  whatif: codec("whatif", readWhatIf, formatWhatIf),
};
