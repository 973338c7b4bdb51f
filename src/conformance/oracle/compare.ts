import type { Script, ScriptClass, ScriptRequest } from "../../sim/script/format.ts";
import type { RequestRecord, StorageCall } from "../../sim/script/request-log.ts";
import { exposedSamples, type MetricSample } from "./exposition.ts";

// The comparison of one script's two outcomes (docs/oracle-script.md): the model's and the real
// cacher's, request by request and field by field, then every metric family both expose. A
// difference is accepted only by an entry of the allow-list (allow-list.ts); the rest are
// reported with the script's request and both sides.

/** One side's outcome file, as read from JSON. */
export interface OutcomeFile {
  readonly format: string;
  readonly script: string;
  readonly side: string;
  readonly requests: readonly RequestRecord[];
  readonly metrics: string;
}

export interface Difference {
  readonly script: string;
  readonly class: ScriptClass;
  /** The request's id, or null for a metric. */
  readonly request: string | null;
  /** The field, or `metric:<family>`. */
  readonly field: string;
  readonly model: unknown;
  readonly real: unknown;
}

/** The label both sides' facts give a request (docs/oracle-script.md, "The outcome label"). */
export function outcomeLabel(r: RequestRecord | undefined, blockTimeoutNs: number): string {
  if (r === undefined || r.answeredAtNs === null || r.code === null) return "open";
  if (r.endedBy !== undefined) return `watch ${r.endedBy}`;
  if (r.code !== 200) return [504, 429, 410, 400].includes(r.code) ? `${r.code}` : "other";
  const lists = r.storageCalls.filter((c) => c.call === "GetList");
  if (lists.some((c) => c.atNs - r.sentAtNs >= blockTimeoutNs)) return "fallback";
  if (lists.length > 0) return "etcd";
  const last = r.storageCalls.at(-1);
  const readyNs = last === undefined ? r.sentAtNs : (last.doneNs ?? r.sentAtNs);
  return r.answeredAtNs > readyNs ? "cacheAfterWait" : "cache";
}

const BLOCK_TIMEOUT_NS = 3_000_000_000; // upstream: cacher/watch_cache.go blockTimeout

const FIELDS = [
  "sentAtNs",
  "answeredAtNs",
  "code",
  "message",
  "retryAfterSeconds",
  "listRV",
  "count",
  "keysDigest",
  "firstKey",
  "lastKey",
  "continue",
  "events",
  "lastRV",
  "endedBy",
] as const;

const calls = (list: readonly StorageCall[] | undefined) =>
  (list ?? []).map((c) => `${c.call}@${c.atNs}→${c.doneNs ?? "open"}`);

export function compareOutcomes(
  script: Script,
  model: OutcomeFile,
  real: OutcomeFile,
): Difference[] {
  const diffs: Difference[] = [];
  const at = (request: string | null, field: string, m: unknown, r: unknown) => {
    if (JSON.stringify(m) !== JSON.stringify(r)) {
      diffs.push({ script: script.name, class: script.class, request, field, model: m, real: r });
    }
  };
  const byId = (side: OutcomeFile) => new Map(side.requests.map((r) => [r.id, r]));
  const m = byId(model);
  const r = byId(real);
  const ids = [...new Set([...m.keys(), ...r.keys()])];
  for (const id of ids) {
    const a = m.get(id);
    const b = r.get(id);
    if (a === undefined || b === undefined) {
      at(id, "present", a !== undefined, b !== undefined);
      continue;
    }
    at(id, "outcome", outcomeLabel(a, BLOCK_TIMEOUT_NS), outcomeLabel(b, BLOCK_TIMEOUT_NS));
    for (const field of FIELDS) at(id, field, a[field], b[field]);
    at(id, "storageCalls", calls(a.storageCalls), calls(b.storageCalls));
  }
  compareMetrics(model.metrics, real.metrics, (family, mv, rv) =>
    at(null, `metric:${family}`, mv, rv),
  );
  return diffs;
}

/** Every family both sides expose: the same series with the same values. */
function compareMetrics(
  model: string,
  real: string,
  differ: (family: string, model: unknown, real: unknown) => void,
) {
  const a = exposedSamples(model);
  const b = exposedSamples(real);
  for (const [family, samples] of a) {
    const other = b.get(family);
    if (other === undefined) continue;
    const left = seriesText(samples);
    const right = seriesText(other);
    const keys = [...new Set([...left.keys(), ...right.keys()])].sort();
    const onlyDiffering = keys.filter((k) => left.get(k) !== right.get(k));
    if (onlyDiffering.length > 0) {
      differ(
        family,
        Object.fromEntries(onlyDiffering.map((k) => [k, left.get(k) ?? "absent"])),
        Object.fromEntries(onlyDiffering.map((k) => [k, right.get(k) ?? "absent"])),
      );
    }
  }
}

function seriesText(samples: readonly MetricSample[]): Map<string, string> {
  return new Map(samples.map((s) => [s.series, s.value]));
}

/** A difference as people read it: the script, the request as the script wrote it, both sides. */
export function describeDifference(d: Difference, script: Script): string {
  const base = d.request?.replace(/\.p\d+$/, "");
  const request = script.requests.find((q) => q.id === base);
  const asked = request === undefined ? "" : ` (${requestText(request)})`;
  const where = d.request === null ? "" : ` request ${d.request}${asked}`;
  return [
    `DIFF ${d.script} [${d.class}]${where}: ${d.field}`,
    `  model: ${JSON.stringify(d.model)}`,
    `  real:  ${JSON.stringify(d.real)}`,
  ].join("\n");
}

/** A request as the script wrote it. */
function requestText(r: ScriptRequest): string {
  if (r.verb === "get") return `GET pod-${r.pod} rv="${r.rv}" at ${r.atNs} ns`;
  if (r.verb === "watch") return `WATCH rv="${r.rv}" at ${r.atNs} ns until ${r.untilNs} ns`;
  return `LIST rv="${r.rv}" rvm="${r.rvm}" limit=${r.limit} at ${r.atNs} ns`;
}
