import * as v from "valibot";
import { BLOCK_TIMEOUT_NS } from "../apiserver/config.ts";
import { CACHE_NS_PER_OBJECT, ETCD_NS_PER_2KIB, ETCD_NS_PER_OBJECT } from "../list-costs.ts";
import { NS_PER_MS, NS_PER_US } from "../time.ts";
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
import { gateVersionsText } from "./gates.ts";
import { K8S_VERSIONS } from "./k8s-version.ts";
import {
  choiceKey,
  customKey,
  int,
  numberKey,
  real,
  type SchemaVersion,
  scheduleKey,
  type ValueSpec,
} from "./key-codecs.ts";
import {
  DEFAULT_LIMITS,
  formatLimits,
  limitsDefaultFor,
  MAX_LIMIT,
  parseLimits,
} from "./limits.ts";
import { formatMix, parseMix, READ_MIX_KINDS } from "./mix.ts";
import { formatNumber, rangeText, readNumber } from "./numeric-text.ts";
import { constantSchedule } from "./schedule.ts";
import { formatWhatIf, readWhatIf, WHATIF_SWITCHES } from "./whatif.ts";

// The one table of run keys, in docs/scenarios.md's order (the order links are written in, and
// read in: `v` first, `k8s` before `gates`). A key's descriptor is all there is of it: its words,
// what it accepts, its default and its codec; the scenario's field of the same name, the
// defaults, the parser, the encoder, the UI's controls and the reference tables all come from
// here (docs/architecture.md, "How to add a scenario key").

/** The schema version this app reads and writes (docs/scenarios.md, "Schema version": what each changed). */
export const SCHEMA_VERSION = 3;

const SCHEMA_VERSIONS = int(1, SCHEMA_VERSION);
const HERD_CLIENTS = int(1, 100000);
const AWAY_WATCHERS = int(1, 10000);
/** Pods at start: up to KEP-2340's 300 000 configmaps. */
export const MAX_OBJECTS = 300000;

function readVersion(text: string): Decoded<SchemaVersion> {
  const version = readNumber(text, SCHEMA_VERSIONS);
  return version === undefined ? refuse() : accept(version as SchemaVersion);
}

const NAME_MAX_CHARS = 80;

const nameSchema = v.pipe(v.string(), v.maxCodePoints(NAME_MAX_CHARS));

const readName = (text: string): Decoded<string> =>
  v.is(nameSchema, text) ? accept(text) : refuse();

export const SCENARIO_KEYS = {
  v: customKey(
    {
      label: "Schema version",
      restartsRun: true,
      help: "Version of this link format; 1 opens a link as version 1 ran it.",
    },
    { kind: "number", ...SCHEMA_VERSIONS },
    SCHEMA_VERSION as SchemaVersion,
    readVersion,
    formatNumber,
  ),
  name: customKey(
    {
      label: "Name",
      restartsRun: false,
      help: "Title shown above the panels.",
    },
    { kind: "text", maxChars: NAME_MAX_CHARS },
    "",
    readName,
    (name) => name,
  ),
  seed: numberKey(
    {
      label: "Seed",
      restartsRun: true,
      help: "Seed of the random streams: the same seed replays the same run.",
    },
    int(0, 4294967295),
    1,
  ),
  k8s: choiceKey(
    {
      label: "Kubernetes version",
      restartsRun: true,
      help: "Kubernetes minor whose watch cache is simulated.",
    },
    K8S_VERSIONS,
    "1.37",
  ),
  gates: customKey(
    {
      label: "Feature gates",
      restartsRun: true,
      help: "Feature gates set away from the version's defaults.",
    },
    { kind: "gates" },
    [],
    (text, soFar) => parseGateSettings(text, soFar.k8s),
    formatGateSettings,
  ),
  writes: scheduleKey(
    {
      label: "Pod writes",
      unit: "/s",
      restartsRun: false,
      help: "Writes per second to the watched pods.",
    },
    real(0, 20000),
    constantSchedule(20),
  ),
  otherWrites: scheduleKey(
    {
      label: "Other writes",
      unit: "/s",
      restartsRun: false,
      help: "Writes per second to other resources: they move etcd's revision but bring no events.",
    },
    real(0, 20000),
    constantSchedule(30),
  ),
  objects: numberKey(
    {
      label: "Pods at start",
      restartsRun: true,
      help: "Pods in etcd when the run starts.",
    },
    int(0, MAX_OBJECTS),
    1000,
  ),
  reads: scheduleKey(
    {
      label: "Reads",
      unit: "/s",
      restartsRun: false,
      help: "LIST requests per second from independent readers, split by the read mix.",
    },
    real(0, 20000),
    constantSchedule(100),
  ),
  mix: customKey(
    {
      label: "Read mix",
      restartsRun: true,
      help: "Shares of the read kinds: RV=0, consistent, not older than, exact.",
    },
    { kind: "mix", kinds: READ_MIX_KINDS },
    { rv0: 0.6, consistent: 0.3, notOlderThan: 0.1, exact: 0 },
    parseMix,
    formatMix,
  ),
  limits: customKey(
    {
      label: "LIST limits",
      restartsRun: true,
      help: "Page size of each read kind's LISTs; 0 lists everything at once, N follows continue page by page.",
    },
    { kind: "limits", kinds: READ_MIX_KINDS, ...int(0, MAX_LIMIT) },
    DEFAULT_LIMITS,
    (text, soFar) => parseLimits(text, limitsDefaultFor(soFar.v)),
    (limits, scenario) => formatLimits(limits, limitsDefaultFor(scenario.v)),
  ),
  objectBytes: numberKey(
    {
      label: "Object size",
      unit: "B",
      restartsRun: true,
      help: "Mean size of one pod: etcd's time and the apiserver's memory for a LIST grow with its bytes.",
    },
    int(64, 1048576),
    2048,
  ),
  ryw: scheduleKey(
    {
      label: "Read-your-write clients",
      restartsRun: false,
      help: "Clients that each write a pod, read, pause a second, and start again.",
    },
    int(0, 5000),
    constantSchedule(0),
  ),
  rywRead: choiceKey(
    {
      label: "Read-your-write read",
      restartsRun: true,
      help: "How those clients read: consistent (RV unset) or pinned at their write's RV.",
    },
    ["consistent", "pinned"],
    "consistent",
  ),
  herd: customKey(
    {
      label: "Herds",
      restartsRun: false,
      help: "Bursts of clients that each send one consistent LIST at the same second.",
    },
    { kind: "herd", ...HERD_CLIENTS },
    [],
    (text) => readHerds(text, HERD_CLIENTS),
    formatHerds,
  ),
  watchers: scheduleKey(
    {
      label: "Watchers",
      restartsRun: false,
      help: "Clients watching the pods and resuming from the last RV they saw.",
    },
    int(0, 10000),
    constantSchedule(10),
  ),
  watchTimeout: numberKey(
    {
      label: "Watch timeout",
      unit: "s",
      restartsRun: true,
      help: "How long a watch lasts before its client reconnects.",
    },
    int(1, 3600),
    60,
  ),
  away: customKey(
    {
      label: "Watchers away",
      restartsRun: false,
      help: "Watchers that disconnect for a while, then resume from their last RV.",
    },
    { kind: "away", ...AWAY_WATCHERS },
    [],
    (text) => readAways(text, AWAY_WATCHERS),
    formatAways,
  ),
  arrival: choiceKey(
    {
      label: "Arrivals",
      restartsRun: true,
      help: "Whether writes and reads arrive at random (Poisson) or evenly spaced.",
    },
    ["poisson", "uniform"],
    "poisson",
  ),
  lag: scheduleKey(
    {
      label: "Watch lag",
      unit: "ms",
      restartsRun: false,
      help: "Base delay from an etcd commit to its event reaching the apiserver.",
    },
    real(0, 60000),
    constantSchedule(20),
  ),
  jitter: scheduleKey(
    {
      label: "Jitter",
      unit: "ms",
      restartsRun: false,
      help: "Mean of a random extra delay per event.",
    },
    real(0, 60000),
    constantSchedule(10),
  ),
  processRate: scheduleKey(
    {
      label: "Cache intake",
      unit: "/s",
      restartsRun: false,
      help: "Events per second the cache can take in; above it a backlog forms.",
    },
    real(1, 1000000),
    constantSchedule(5000),
  ),
  stall: customKey(
    {
      label: "Stalls",
      unit: "s",
      restartsRun: false,
      help: "Windows in which the watch stream delivers nothing (events are held, not lost).",
    },
    { kind: "stall" },
    [],
    readStalls,
    formatStalls,
  ),
  restart: customKey(
    {
      label: "Cache restarts",
      unit: "s",
      restartsRun: false,
      help: "Moments at which the apiserver's cache restarts and relists.",
    },
    { kind: "times" },
    [],
    readTimes,
    formatTimes,
  ),
  compact: customKey(
    {
      label: "Extra compactions",
      unit: "s",
      restartsRun: false,
      help: "Moments at which etcd compacts, besides the periodic compaction.",
    },
    { kind: "times" },
    [],
    readTimes,
    formatTimes,
  ),
  requestTimeout: numberKey(
    {
      label: "Request timeout",
      unit: "s",
      restartsRun: true,
      help: "kube-apiserver --request-timeout; it also sets how long history stays fresh.",
    },
    int(1, 1800),
    60,
  ),
  etcdConcurrency: scheduleKey(
    {
      label: "etcd concurrency",
      restartsRun: false,
      help: "Range requests etcd serves at once; the rest wait in a queue.",
    },
    int(1, 1024),
    constantSchedule(8),
  ),
  etcdLatency: scheduleKey(
    {
      label: "etcd latency",
      unit: "ms",
      restartsRun: false,
      help: "Time etcd takes for a small request; larger lists cost more.",
    },
    real(0, 10000),
    constantSchedule(2),
  ),
  etcdObjectCost: numberKey(
    {
      label: "etcd cost per object",
      unit: "µs",
      restartsRun: true,
      help: "Time a range request takes per object it returns, on top of its latency (fitted to KEP-2340's benchmark).",
    },
    real(0, 100),
    ETCD_NS_PER_OBJECT / NS_PER_US,
  ),
  etcdByteCost: numberKey(
    {
      label: "etcd cost per 2 KiB",
      unit: "µs",
      restartsRun: true,
      help: "Time a range request takes per 2 KiB it returns, on top of its latency (fitted to KEP-2340's benchmark).",
    },
    real(0, 20),
    ETCD_NS_PER_2KIB / NS_PER_US,
  ),
  cacheCost: numberKey(
    {
      label: "Cache cost per object",
      unit: "µs",
      restartsRun: true,
      help: "Time the cache takes per object it walks for a LIST before it answers (fitted to KEP-2340's benchmark).",
    },
    real(0, 100),
    CACHE_NS_PER_OBJECT / NS_PER_US,
  ),
  compaction: numberKey(
    {
      label: "Compaction interval",
      unit: "s",
      restartsRun: true,
      help: "How often etcd compacts its history; 0 never.",
    },
    int(0, 86400),
    300,
  ),
  retry: choiceKey(
    {
      label: "On Retry-After",
      restartsRun: true,
      help: "What a client does when told to retry later: wait, give up, or retry at once.",
    },
    ["obey", "none", "immediate"],
    "obey",
  ),
  blockTimeout: numberKey(
    {
      label: "Wait wall",
      unit: "ms",
      restartsRun: true,
      help: `What-if: how long a read waits for the cache before giving up (upstream: ${BLOCK_TIMEOUT_NS / NS_PER_MS}).`,
    },
    int(1, 60000),
    BLOCK_TIMEOUT_NS / NS_PER_MS,
  ),
  timerLatency: numberKey(
    {
      label: "Timer wake-up latency",
      unit: "ms",
      restartsRun: true,
      help: "How long after its deadline a timed-out read resumes (Linux timer slack plus a goroutine wake-up); it lands its wait in +Inf, as production does.",
    },
    real(0, 1000),
    0.1,
  ),
  whatif: customKey(
    {
      label: "What-if switches",
      restartsRun: true,
      help: "Remove a safeguard to see what it prevents: noRvGuard, noHysteresis.",
    },
    { kind: "switches", options: WHATIF_SWITCHES },
    { noRvGuard: false, noHysteresis: false },
    readWhatIf,
    formatWhatIf,
  ),
};

export type ScenarioKey = keyof typeof SCENARIO_KEYS;

export const isScenarioKey = (key: string): key is ScenarioKey => Object.hasOwn(SCENARIO_KEYS, key);

/** Page keys: they steer the page, never the run, and are never reported as unknown. */
export const PAGE_KEYS: readonly string[] = [
  "t",
  "speed",
  "prom",
  "tour",
  "embed",
  "until",
  "loop",
  "panels",
  "controls",
  "twin",
  "predict",
  "challenge",
  "sweep",
];

/** The page key `t` (open at this simulated second) lies in 0 … this, a day of simulated time. */
export const MAX_OPEN_AT_S = 86_400;

/** What a key accepts, in words and in the key's `unit`, to complete "expected …". */
export function allowedText(spec: ValueSpec, unit = ""): string {
  switch (spec.kind) {
    case "number":
      return rangeText(spec, unit);
    case "schedule":
      return `${rangeText(spec, unit)} or a schedule V@T,V@T (T ascending from 0)`;
    case "choice":
      return `one of ${spec.options.join(", ")}`;
    case "text":
      return `plain text of at most ${spec.maxChars} characters`;
    case "gates":
      return `Name=true,Other=false with ${gateVersionsText()}`;
    case "mix":
      return `kind:share,… with kinds ${spec.kinds.join(", ")} and shares ≥ 0, not all zero`;
    case "limits":
      return `kind:N,… with kinds ${spec.kinds.join(", ")} and N an integer ${spec.min} … ${spec.max} (0: no limit)`;
    case "switches":
      return `a comma list of ${spec.options.join(", ")}`;
    case "herd":
      return `a comma list N@T: at second T, N clients (${spec.min} … ${spec.max})`;
    case "away":
      return `a comma list N@T:S: at second T, N watchers (${spec.min} … ${spec.max}) leave for S > 0 seconds`;
    case "stall":
      return "a comma list start-end of seconds, in order, not overlapping, end > start";
    case "times":
      return "a comma list of seconds";
  }
}
