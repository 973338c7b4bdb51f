import { BLOCK_TIMEOUT_NS } from "../apiserver/config.ts";
import { NS_PER_MS } from "../time.ts";
import { gateVersionsText } from "./gates.ts";
import { K8S_VERSIONS } from "./k8s-version.ts";
import { MAX_LIMIT } from "./limits.ts";
import { READ_MIX_KINDS } from "./mix.ts";
import type { NumberRange } from "./numeric-text.ts";
import { WHATIF_SWITCHES } from "./scenario.ts";

// The one table of run keys, in docs/scenarios.md's order (the order links are written in). The
// parser takes its ranges from here, the UI its controls, the command line its error texts.

export type ValueSpec =
  | ({ readonly kind: "number" } & NumberRange)
  | ({ readonly kind: "schedule" } & NumberRange)
  | { readonly kind: "choice"; readonly options: readonly string[] }
  | { readonly kind: "text"; readonly maxChars: number }
  | { readonly kind: "gates" }
  | { readonly kind: "mix"; readonly kinds: readonly string[] }
  | ({ readonly kind: "limits"; readonly kinds: readonly string[] } & NumberRange)
  | { readonly kind: "switches"; readonly options: readonly string[] }
  | ({ readonly kind: "herd" } & NumberRange)
  | ({ readonly kind: "away" } & NumberRange)
  | { readonly kind: "stall" }
  | { readonly kind: "times" };

export type KeyDescriptor = {
  readonly label: string;
  /** Unit of the value ("" when it has none). */
  readonly unit: string;
  readonly value: ValueSpec;
  /** Changing it means a new run; otherwise a live change is appended at the current time. */
  readonly restartsRun: boolean;
  readonly help: string;
};

const int = (min: number, max: number) => ({ min, max, integer: true });
const real = (min: number, max: number) => ({ min, max, integer: false });

export const SCENARIO_KEYS = {
  v: {
    label: "Schema version",
    unit: "",
    value: { kind: "number", ...int(1, 2) },
    restartsRun: true,
    help: "Version of this link format; 1 opens a link as version 1 ran it.",
  },
  name: {
    label: "Name",
    unit: "",
    value: { kind: "text", maxChars: 80 },
    restartsRun: false,
    help: "Title shown above the panels.",
  },
  seed: {
    label: "Seed",
    unit: "",
    value: { kind: "number", ...int(0, 4294967295) },
    restartsRun: true,
    help: "Seed of the random streams: the same seed replays the same run.",
  },
  k8s: {
    label: "Kubernetes version",
    unit: "",
    value: { kind: "choice", options: K8S_VERSIONS },
    restartsRun: true,
    help: "Kubernetes minor whose watch cache is simulated.",
  },
  gates: {
    label: "Feature gates",
    unit: "",
    value: { kind: "gates" },
    restartsRun: true,
    help: "Feature gates set away from the version's defaults.",
  },
  writes: {
    label: "Pod writes",
    unit: "/s",
    value: { kind: "schedule", ...real(0, 20000) },
    restartsRun: false,
    help: "Writes per second to the watched pods.",
  },
  otherWrites: {
    label: "Other writes",
    unit: "/s",
    value: { kind: "schedule", ...real(0, 20000) },
    restartsRun: false,
    help: "Writes per second to other resources: they move etcd's revision but bring no events.",
  },
  objects: {
    label: "Pods at start",
    unit: "",
    value: { kind: "number", ...int(0, 200000) },
    restartsRun: true,
    help: "Pods in etcd when the run starts.",
  },
  reads: {
    label: "Reads",
    unit: "/s",
    value: { kind: "schedule", ...real(0, 20000) },
    restartsRun: false,
    help: "LIST requests per second from independent readers, split by the read mix.",
  },
  mix: {
    label: "Read mix",
    unit: "",
    value: { kind: "mix", kinds: READ_MIX_KINDS },
    restartsRun: true,
    help: "Shares of the read kinds: RV=0, consistent, not older than, exact.",
  },
  limits: {
    label: "LIST limits",
    unit: "",
    value: { kind: "limits", kinds: READ_MIX_KINDS, ...int(0, MAX_LIMIT) },
    restartsRun: true,
    help: "Page size of each read kind's LISTs; 0 lists everything at once, N follows continue page by page.",
  },
  objectBytes: {
    label: "Object size",
    unit: "B",
    value: { kind: "number", ...int(64, 1048576) },
    restartsRun: true,
    help: "Mean size of one pod: etcd's time and the apiserver's memory for a LIST grow with its bytes.",
  },
  ryw: {
    label: "Read-your-write clients",
    unit: "",
    value: { kind: "schedule", ...int(0, 5000) },
    restartsRun: false,
    help: "Clients that each write a pod, read, pause a second, and start again.",
  },
  rywRead: {
    label: "Read-your-write read",
    unit: "",
    value: { kind: "choice", options: ["consistent", "pinned"] },
    restartsRun: true,
    help: "How those clients read: consistent (RV unset) or pinned at their write's RV.",
  },
  herd: {
    label: "Herds",
    unit: "",
    value: { kind: "herd", ...int(1, 100000) },
    restartsRun: false,
    help: "Bursts of clients that each send one consistent LIST at the same second.",
  },
  watchers: {
    label: "Watchers",
    unit: "",
    value: { kind: "schedule", ...int(0, 10000) },
    restartsRun: false,
    help: "Clients watching the pods and resuming from the last RV they saw.",
  },
  watchTimeout: {
    label: "Watch timeout",
    unit: "s",
    value: { kind: "number", ...int(1, 3600) },
    restartsRun: true,
    help: "How long a watch lasts before its client reconnects.",
  },
  away: {
    label: "Watchers away",
    unit: "",
    value: { kind: "away", ...int(1, 10000) },
    restartsRun: false,
    help: "Watchers that disconnect for a while, then resume from their last RV.",
  },
  arrival: {
    label: "Arrivals",
    unit: "",
    value: { kind: "choice", options: ["poisson", "uniform"] },
    restartsRun: true,
    help: "Whether writes and reads arrive at random (Poisson) or evenly spaced.",
  },
  lag: {
    label: "Watch lag",
    unit: "ms",
    value: { kind: "schedule", ...real(0, 60000) },
    restartsRun: false,
    help: "Base delay from an etcd commit to its event reaching the apiserver.",
  },
  jitter: {
    label: "Jitter",
    unit: "ms",
    value: { kind: "schedule", ...real(0, 60000) },
    restartsRun: false,
    help: "Mean of a random extra delay per event.",
  },
  processRate: {
    label: "Cache intake",
    unit: "/s",
    value: { kind: "schedule", ...real(1, 1000000) },
    restartsRun: false,
    help: "Events per second the cache can take in; above it a backlog forms.",
  },
  stall: {
    label: "Stalls",
    unit: "s",
    value: { kind: "stall" },
    restartsRun: false,
    help: "Windows in which the watch stream delivers nothing (events are held, not lost).",
  },
  restart: {
    label: "Cache restarts",
    unit: "s",
    value: { kind: "times" },
    restartsRun: false,
    help: "Moments at which the apiserver's cache restarts and relists.",
  },
  compact: {
    label: "Extra compactions",
    unit: "s",
    value: { kind: "times" },
    restartsRun: false,
    help: "Moments at which etcd compacts, besides the periodic compaction.",
  },
  requestTimeout: {
    label: "Request timeout",
    unit: "s",
    value: { kind: "number", ...int(1, 1800) },
    restartsRun: true,
    help: "kube-apiserver --request-timeout; it also sets how long history stays fresh.",
  },
  etcdConcurrency: {
    label: "etcd concurrency",
    unit: "",
    value: { kind: "schedule", ...int(1, 1024) },
    restartsRun: false,
    help: "Range requests etcd serves at once; the rest wait in a queue.",
  },
  etcdLatency: {
    label: "etcd latency",
    unit: "ms",
    value: { kind: "schedule", ...real(0, 10000) },
    restartsRun: false,
    help: "Time etcd takes for a small request; larger lists cost more.",
  },
  compaction: {
    label: "Compaction interval",
    unit: "s",
    value: { kind: "number", ...int(0, 86400) },
    restartsRun: true,
    help: "How often etcd compacts its history; 0 never.",
  },
  retry: {
    label: "On Retry-After",
    unit: "",
    value: { kind: "choice", options: ["obey", "none", "immediate"] },
    restartsRun: true,
    help: "What a client does when told to retry later: wait, give up, or retry at once.",
  },
  blockTimeout: {
    label: "Wait wall",
    unit: "ms",
    value: { kind: "number", ...int(1, 60000) },
    restartsRun: true,
    help: `What-if: how long a read waits for the cache before giving up (upstream: ${BLOCK_TIMEOUT_NS / NS_PER_MS}).`,
  },
  timerLatency: {
    label: "Timer wake-up latency",
    unit: "ms",
    value: { kind: "number", ...real(0, 1000) },
    restartsRun: true,
    help: "How long after its deadline a timed-out read resumes (Linux timer slack plus a goroutine wake-up); it lands its wait in +Inf, as production does.",
  },
  whatif: {
    label: "What-if switches",
    unit: "",
    value: { kind: "switches", options: WHATIF_SWITCHES },
    restartsRun: true,
    help: "Remove a safeguard to see what it prevents: noRvGuard, noHysteresis.",
  },
} as const satisfies Record<string, KeyDescriptor>;

export type ScenarioKey = keyof typeof SCENARIO_KEYS;

export const isScenarioKey = (key: string): key is ScenarioKey => Object.hasOwn(SCENARIO_KEYS, key);

/** Page keys: they steer the page, never the run, and are never reported as unknown. */
export const PAGE_KEYS: readonly string[] = [
  "t",
  "speed",
  "tour",
  "embed",
  "until",
  "loop",
  "panels",
  "controls",
  "twin",
  "predict",
  "challenge",
];

/** The page key `t` (open at this simulated second) lies in 0 … this, a day of simulated time. */
export const MAX_OPEN_AT_S = 86_400;

const range = ({ min, max, integer }: NumberRange) =>
  `${integer ? "an integer" : "a number"} ${min} … ${max}`;

/** What a key accepts, in words, to complete "expected …". */
export function allowedText(spec: ValueSpec): string {
  switch (spec.kind) {
    case "number":
      return range(spec);
    case "schedule":
      return `${range(spec)} or a schedule V@T,V@T (T ascending from 0)`;
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
