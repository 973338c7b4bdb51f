import { gatesFor, type ModelledGate, resolveGates } from "../../sim/scenario/index.ts";
import type { Script } from "../../sim/script/format.ts";
import { type OutcomeFile, outcomeLabel } from "./compare.ts";

// What the corpus exercises (docs/oracle.md, "Coverage"): each row a question about a script and
// what the real code answered on it, counted over the corpus. A row nobody exercises is a gap in
// the claim that the model matches upstream there, and the table says so; a row about a gate the
// minor does not have says "not in this version" instead.

const WALL_NS = 3_000_000_000; // upstream: watch_cache.go blockTimeout
const NEAR_WALL_NS = 100_000_000;
const DEADLINE_MESSAGE = "Timeout: request did not complete within the allotted timeout";

type Covers = (script: Script, real: OutcomeFile) => boolean;
/** A row: its words, what a script must show, and the gate it is about (if any). */
type Row = readonly [string, Covers, ModelledGate?];

const requestsOf = (s: Script, rv: (rv: string, rvm: string) => boolean) =>
  s.requests.some((r) => rv(r.rv, r.rvm));
const pagesOf = (real: OutcomeFile) => real.requests.filter((r) => /\.p\d+$/.test(r.id));
const labels = (real: OutcomeFile) => real.requests.map((r) => outcomeLabel(r, WALL_NS));
/** The gate as the script's minor runs it: named in the script, else that minor's default. */
const gate = (s: Script, name: ModelledGate) => s.gates[name] ?? resolveGates(s.k8s, [])[name];
const SKIP_GATE: ModelledGate = "ConsistentListFromCacheSkipTimeoutFallback";
const SNAPSHOT_GATE: ModelledGate = "ListFromCacheSnapshot";
const UNREADY_MESSAGE = "storage is (re)initializing"; // upstream: cacher/ready.go
const watchesEndedBy = (real: OutcomeFile, how: (endedBy: string) => boolean) =>
  real.requests.some((r) => r.endedBy !== undefined && how(r.endedBy));
const initialisations = (real: OutcomeFile) =>
  Number(
    /^apiserver_watch_cache_initializations_total\{[^}]*\} (\d+)/m.exec(real.metrics)?.[1] ?? 0,
  );

export const COVERAGE_ROWS: readonly Row[] = [
  ["LIST RV=0", (s) => requestsOf(s, (rv, rvm) => rv === "0" && rvm === "")],
  ['LIST RV="" (consistent)', (s) => requestsOf(s, (rv, rvm) => rv === "" && rvm === "")],
  ["LIST RV=N NotOlderThan", (s) => requestsOf(s, (_, rvm) => rvm === "NotOlderThan")],
  ["LIST RV=N Exact", (s) => requestsOf(s, (_, rvm) => rvm === "Exact")],
  [
    "LIST RV=N with a limit, no match (legacy exact)",
    (s) => s.requests.some((r) => r.rvm === "" && r.rv !== "" && r.rv !== "0" && r.limit > 0),
  ],
  ["pages followed with continue", (_, real) => pagesOf(real).length > 0],
  [
    "a first page from etcd, a later page from the cache",
    (_, real) => {
      const first = new Map(real.requests.map((r) => [r.id, r]));
      return pagesOf(real).some((p) => {
        const head = first.get(p.id.replace(/\.p\d+$/, ""));
        const fromEtcd = head?.storageCalls.some((c) => c.call === "GetList") ?? false;
        return fromEtcd && p.code === 200 && !p.storageCalls.some((c) => c.call === "GetList");
      });
    },
  ],
  ["lag below the wall (< 2.9 s)", (s) => s.world.lagNs < WALL_NS - NEAR_WALL_NS],
  ["lag at the wall (2.9–3.1 s)", (s) => Math.abs(s.world.lagNs - WALL_NS) <= NEAR_WALL_NS],
  ["lag above the wall (> 3.1 s)", (s) => s.world.lagNs > WALL_NS + NEAR_WALL_NS],
  ["stalls", (s) => s.world.stalls.length > 0],
  [
    "compactions",
    (s) => s.world.compactionIntervalNs > 0 || s.timeline.some((t) => t.op === "compact"),
  ],
  [
    "the cache's watch falls behind compaction (a relist without a restart)",
    (s, real) => !s.timeline.some((t) => t.op === "restart") && initialisations(real) > 1,
  ],
  ["restarts", (s) => s.timeline.some((t) => t.op === "restart")],
  ["skip-fallback gate on", (s) => gate(s, SKIP_GATE), SKIP_GATE],
  ["skip-fallback gate off", (s) => !gate(s, SKIP_GATE), SKIP_GATE],
  ["ListFromCacheSnapshot on", (s) => gate(s, SNAPSHOT_GATE), SNAPSHOT_GATE],
  ["ListFromCacheSnapshot off", (s) => !gate(s, SNAPSHOT_GATE), SNAPSHOT_GATE],
  ["a read served after a wait", (_, real) => labels(real).includes("cacheAfterWait")],
  ["a fallback to etcd at the wall", (_, real) => labels(real).includes("fallback")],
  [
    "429 while the cache is (re)initializing",
    (_, real) => real.requests.some((r) => r.code === 429 && r.message === UNREADY_MESSAGE),
  ],
  [
    "429 from the skip gate",
    (_, real) => real.requests.some((r) => r.code === 429 && r.message !== UNREADY_MESSAGE),
    SKIP_GATE,
  ],
  [
    "504 too large resource version",
    (_, real) =>
      real.requests.some((r) => r.code === 504 && r.message.includes("Too large resource version")),
  ],
  ["410 too old", (_, real) => labels(real).includes("410")],
  [
    "request deadlines that fire",
    (_, real) => real.requests.some((r) => r.message === DEADLINE_MESSAGE),
  ],
  ["GETs", (s) => s.requests.some((r) => r.verb === "get")],
  ["client watches", (_, real) => watchesEndedBy(real, () => true)],
  [
    "watchers that fall behind: a watch from an RV the cache no longer holds (410)",
    (_, real) => watchesEndedBy(real, (how) => how === "error:410"),
  ],
  [
    "watches the cacher closes when it relists",
    (_, real) => watchesEndedBy(real, (how) => how === "closed"),
  ],
];

export interface CoverageRow {
  readonly row: string;
  /** Null when the row is about a gate the corpus's minor does not have. */
  readonly scripts: number | null;
}

export function coverage(
  scripts: readonly Script[],
  real: ReadonlyMap<string, OutcomeFile>,
): CoverageRow[] {
  const minors = new Set(scripts.map((s) => s.k8s));
  return COVERAGE_ROWS.map(([row, covers, about]) => ({
    row,
    scripts:
      about !== undefined && [...minors].every((k8s) => !gatesFor(k8s)[about].exists)
        ? null
        : scripts.filter((s) => {
            const theirs = real.get(s.name);
            return theirs !== undefined && covers(s, theirs);
          }).length,
  }));
}

const cell = (scripts: number | null) =>
  scripts === null ? "not in this version" : scripts === 0 ? "**0: not covered**" : `${scripts}`;

/** The table as Markdown, empty rows marked. */
export function coverageTable(rows: readonly CoverageRow[], total: number): string {
  const lines = [
    `| what (over ${total} scripts) | scripts |`,
    "|---|---|",
    ...rows.map((r) => `| ${r.row} | ${cell(r.scripts)} |`),
  ];
  return `${lines.join("\n")}\n`;
}
