import {
  K8S_VERSIONS,
  type K8sVersion,
  MAX_OBJECTS,
  MODELLED_GATES,
  type ModelledGate,
} from "../scenario/index.ts";
import type { ResourceVersionMatch } from "../storage/interfaces.ts";
import { type Nanos, NS_PER_US } from "../time.ts";

// An oracle script (docs/oracle-script.md): a small world and the clients' requests, exactly
// timed, that the model and the Go harness over the released k8s.io/apiserver both run. This
// module is the format and its checks; running one is run-script.ts.

export const SCRIPT_FORMAT = "wcl-oracle-script/1";
export const SCRIPT_CLASSES = ["canary", "scenario", "random", "regression"] as const;
export type ScriptClass = (typeof SCRIPT_CLASSES)[number];

export interface ScriptWorld {
  readonly objects: number;
  readonly objectBytes: number;
  readonly etcdConcurrency: number;
  readonly etcdLatencyNs: Nanos;
  /** etcd's cost per object a range returns, ns (absent: 0, the cost before the fit). */
  readonly etcdNsPerObject?: number;
  /** etcd's cost per 2 KiB a range returns, ns (absent: 10 000, the cost before the fit). */
  readonly etcdNsPer2KiB?: number;
  readonly lagNs: Nanos;
  /** Events per second the cache takes in; 0: taking one in takes no time. */
  readonly processRate: number;
  readonly stalls: readonly (readonly [Nanos, Nanos])[];
  readonly requestTimeoutNs: Nanos;
  readonly compactionIntervalNs: Nanos;
  readonly durationNs: Nanos;
}

export type TimelineOp =
  | { readonly atNs: Nanos; readonly op: "write"; readonly pod: number }
  | { readonly atNs: Nanos; readonly op: "otherWrite" }
  | { readonly atNs: Nanos; readonly op: "compact" }
  | { readonly atNs: Nanos; readonly op: "restart" };

export interface ListRequest {
  readonly id: string;
  readonly atNs: Nanos;
  readonly verb: "list";
  readonly rv: string;
  readonly rvm: ResourceVersionMatch;
  readonly limit: number;
}

/** A GET of one pod (`pod-<pod>`), with its RV; no limit, no match. */
export interface GetRequest {
  readonly id: string;
  readonly atNs: Nanos;
  readonly verb: "get";
  readonly pod: number;
  readonly rv: string;
  readonly rvm: "";
  readonly limit: 0;
}

/** A client WATCH of every pod from `rv`, read until `untilNs` (no bookmarks, no initial events asked). */
export interface WatchRequest {
  readonly id: string;
  readonly atNs: Nanos;
  readonly verb: "watch";
  readonly rv: string;
  readonly rvm: "";
  readonly limit: 0;
  readonly untilNs: Nanos;
}

export type ScriptRequest = ListRequest | GetRequest | WatchRequest;

export interface Script {
  readonly format: typeof SCRIPT_FORMAT;
  readonly name: string;
  readonly class: ScriptClass;
  readonly source: string;
  readonly k8s: K8sVersion;
  readonly gates: Readonly<Partial<Record<ModelledGate, boolean>>>;
  readonly world: ScriptWorld;
  readonly timeline: readonly TimelineOp[];
  readonly requests: readonly ScriptRequest[];
}

/** Limits the model's scenario ranges put on a script (docs/scenarios.md). */
const MAX_NS_PER_OBJECT = 100 * NS_PER_US;
const MAX_NS_PER_2KIB = 20 * NS_PER_US;
const MS = 1_000_000;
const S = 1_000_000_000;

type Check = (ok: boolean, what: string) => void;

/** Reads a script from parsed JSON; throws one error naming every problem found. */
export function readScript(raw: unknown): Script {
  const problems: string[] = [];
  const check: Check = (ok, what) => {
    if (!ok) problems.push(what);
  };
  if (!isRecord(raw)) throw new Error("script: not a JSON object");
  check(raw["format"] === SCRIPT_FORMAT, `format: must be "${SCRIPT_FORMAT}"`);
  check(
    typeof raw["name"] === "string" && /^[a-z0-9][a-z0-9.-]*$/.test(raw["name"]),
    "name: lower-case letters, digits, '.' and '-'",
  );
  check(
    SCRIPT_CLASSES.includes(raw["class"] as ScriptClass),
    `class: one of ${SCRIPT_CLASSES.join(", ")}`,
  );
  check(typeof raw["source"] === "string", "source: a string");
  check(K8S_VERSIONS.includes(raw["k8s"] as K8sVersion), `k8s: one of ${K8S_VERSIONS.join(", ")}`);
  checkGates(raw["gates"], check);
  checkWorld(raw["world"], check);
  const durationNs = isRecord(raw["world"]) ? Number(raw["world"]["durationNs"]) : 0;
  const objects = isRecord(raw["world"]) ? Number(raw["world"]["objects"]) : 0;
  checkTimeline(raw["timeline"], durationNs, Math.max(1, objects), check);
  checkRequests(raw["requests"], durationNs, check);
  if (problems.length > 0) throw new Error(`script ${String(raw["name"])}: ${problems.join("; ")}`);
  return raw as unknown as Script;
}

function checkGates(gates: unknown, check: Check) {
  if (!isRecord(gates)) {
    check(false, "gates: an object of gate names to booleans");
    return;
  }
  for (const [name, on] of Object.entries(gates)) {
    check(
      MODELLED_GATES.includes(name as ModelledGate),
      `gates.${name}: not a modelled gate (${MODELLED_GATES.join(", ")})`,
    );
    check(typeof on === "boolean", `gates.${name}: true or false`);
  }
}

function checkWorld(world: unknown, check: Check) {
  if (!isRecord(world)) {
    check(false, "world: an object");
    return;
  }
  const int = (key: string, min: number, max: number, unit: string) => {
    const v = world[key];
    check(
      Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max,
      `world.${key}: an integer ${min} … ${max} ${unit}`,
    );
  };
  int("objects", 0, MAX_OBJECTS, "pods");
  int("objectBytes", 64, 1_048_576, "bytes");
  int("etcdConcurrency", 1, 1024, "slots");
  int("etcdLatencyNs", 0, 10_000 * MS, "ns");
  if (world["etcdNsPerObject"] !== undefined)
    int("etcdNsPerObject", 0, MAX_NS_PER_OBJECT, "ns (absent: 0)");
  if (world["etcdNsPer2KiB"] !== undefined)
    int("etcdNsPer2KiB", 0, MAX_NS_PER_2KIB, "ns (absent: 10000)");
  int("lagNs", 0, 60_000 * MS, "ns");
  check(Number(world["etcdLatencyNs"]) % MS === 0, "world.etcdLatencyNs: whole milliseconds");
  check(Number(world["lagNs"]) % MS === 0, "world.lagNs: whole milliseconds");
  int("processRate", 0, 1_000_000, "events/s (0: no intake time)");
  int("requestTimeoutNs", S, 1800 * S, "ns, whole seconds");
  check(Number(world["requestTimeoutNs"]) % S === 0, "world.requestTimeoutNs: whole seconds");
  int("compactionIntervalNs", 0, 86_400 * S, "ns, whole seconds");
  check(
    Number(world["compactionIntervalNs"]) % S === 0,
    "world.compactionIntervalNs: whole seconds",
  );
  int("durationNs", 1, 86_400 * S, "ns");
  const stalls = world["stalls"];
  if (!Array.isArray(stalls)) {
    check(false, "world.stalls: a list of [startNs, endNs]");
    return;
  }
  let lastEnd = -1;
  for (const [i, w] of stalls.entries()) {
    const ok =
      Array.isArray(w) &&
      w.length === 2 &&
      w.every(Number.isSafeInteger) &&
      w[0] > lastEnd &&
      w[1] > w[0];
    check(ok, `world.stalls[${i}]: [startNs, endNs], ordered, non-overlapping, end > start`);
    if (ok) lastEnd = w[1];
  }
}

function checkTimeline(timeline: unknown, durationNs: number, pods: number, check: Check) {
  if (!Array.isArray(timeline)) {
    check(false, "timeline: a list");
    return;
  }
  let last = -1;
  for (const [i, op] of timeline.entries()) {
    const where = `timeline[${i}]`;
    if (!isRecord(op)) {
      check(false, `${where}: an object`);
      continue;
    }
    const atNs = op["atNs"];
    check(
      Number.isSafeInteger(atNs) && (atNs as number) >= last && (atNs as number) <= durationNs,
      `${where}.atNs: an integer, not before the one before, at most durationNs`,
    );
    if (typeof atNs === "number") last = atNs;
    check(
      ["write", "otherWrite", "compact", "restart"].includes(op["op"] as string),
      `${where}.op: write, otherWrite, compact or restart`,
    );
    if (op["op"] === "write")
      check(
        Number.isSafeInteger(op["pod"]) &&
          (op["pod"] as number) >= 0 &&
          (op["pod"] as number) < pods,
        `${where}.pod: a pod number 0 … ${pods - 1} (the world's pods)`,
      );
  }
}

function checkRequests(requests: unknown, durationNs: number, check: Check) {
  if (!Array.isArray(requests)) {
    check(false, "requests: a list");
    return;
  }
  const ids = new Set<string>();
  let last = -1;
  for (const [i, r] of requests.entries()) {
    const where = `requests[${i}]`;
    if (!isRecord(r)) {
      check(false, `${where}: an object`);
      continue;
    }
    const id = r["id"];
    check(
      typeof id === "string" && /^[A-Za-z0-9-]+$/.test(id) && !ids.has(id),
      `${where}.id: unique, letters, digits and '-'`,
    );
    if (typeof id === "string") ids.add(id);
    const atNs = r["atNs"];
    check(
      Number.isSafeInteger(atNs) && (atNs as number) >= last && (atNs as number) <= durationNs,
      `${where}.atNs: an integer, not before the one before, at most durationNs`,
    );
    if (typeof atNs === "number") last = atNs;
    check(
      ["list", "get", "watch"].includes(r["verb"] as string),
      `${where}.verb: "list", "get" or "watch"`,
    );
    if (r["verb"] === "get")
      check(
        Number.isSafeInteger(r["pod"]) && (r["pod"] as number) >= 0,
        `${where}.pod: a get names a pod number ≥ 0`,
      );
    if (r["verb"] === "watch")
      check(
        Number.isSafeInteger(r["untilNs"]) &&
          (r["untilNs"] as number) > (atNs as number) &&
          (r["untilNs"] as number) <= durationNs,
        `${where}.untilNs: a watch reads until an instant after atNs, at most durationNs`,
      );
    if (r["verb"] !== "list")
      check(
        r["rvm"] === "" && r["limit"] === 0,
        `${where}: a ${String(r["verb"])} has rvm "" and limit 0`,
      );
    check(
      typeof r["rv"] === "string" && /^(|0|[1-9][0-9]*)$/.test(r["rv"]),
      `${where}.rv: "", "0" or a revision`,
    );
    check(
      ["", "Exact", "NotOlderThan"].includes(r["rvm"] as string),
      `${where}.rvm: "", "Exact" or "NotOlderThan"`,
    );
    check(
      Number.isSafeInteger(r["limit"]) && (r["limit"] as number) >= 0,
      `${where}.limit: an integer ≥ 0`,
    );
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
