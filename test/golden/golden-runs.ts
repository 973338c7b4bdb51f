import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { OUTCOMES, type Outcome, type ReadKind } from "../../src/sim/snapshot.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { hex32, WordHash } from "../../src/sim/word-hash.ts";
import { READ_KINDS } from "../../src/sim/world/outcomes.ts";
import type { WorldOptions } from "../../src/sim/world/world.ts";

// The golden runs (docs/architecture.md, "Golden runs"): the eleven scenarios docs/benchmarks.md at
// 97e105f compared by hand around every speed change, each run in process and reduced to what must
// not move unless a commit says so: its Prometheus text, a digest of every request attempt (id, end
// time, kind, outcome, status code) per simulated second, and the scheduler's trace hash. The test
// (golden.test.ts) and `npm run golden:update` (scripts/golden-update.mjs) share this file.

export interface GoldenScenario {
  /** File name stem under test/golden/. */
  readonly stem: string;
  readonly query: string;
  readonly seconds: number;
}

export const GOLDEN_SCENARIOS: readonly GoldenScenario[] = [
  { stem: "default", query: "", seconds: 120 },
  { stem: "lag-5000", query: "lag=5000", seconds: 120 },
  { stem: "herd", query: "herd=1000@10,1000@40&lag=4000", seconds: 90 },
  {
    stem: "herd-skip-gate",
    query: "herd=1000@10,1000@40&lag=4000&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    seconds: 90,
  },
  { stem: "k8s-1.36-lag-100", query: "k8s=1.36&lag=100", seconds: 90 },
  { stem: "whatif-no-rv-guard", query: "whatif=noRvGuard", seconds: 90 },
  { stem: "ryw-pinned", query: "ryw=50&rywRead=pinned&lag=500", seconds: 90 },
  { stem: "restart-compact-away", query: "restart=20&compact=30&away=5@10:100", seconds: 120 },
  // docs/benchmarks.md's (b), checked there for 60 s (its speed figures run it for 300 s).
  { stem: "heavy-b", query: "reads=10000&writes=1000&watchers=100", seconds: 60 },
  {
    stem: "mix-compaction",
    query:
      "mix=rv0:0.2,consistent:0.2,notOlderThan:0.2,exact:0.4&lag=800&compaction=20&etcdConcurrency=2",
    seconds: 60,
  },
  { stem: "k8s-1.33-exact", query: "k8s=1.33&lag=3000&mix=exact:0.5,consistent:0.5", seconds: 60 },
  // An explicit v=1 runs as version 1 did: its figures are version 1's "herd" run, bit for bit.
  { stem: "v1-herd", query: "v=1&herd=1000@10,1000@40&lag=4000", seconds: 90 },
];

/** The attempts that ended within one simulated second. */
export interface OutcomeWindow {
  /** The window is [s, s + 1) simulated seconds. */
  readonly s: number;
  readonly n: number;
  /** Digest of the window's attempts in the order they ended. */
  readonly hash: string;
  /** Attempts by outcome, non-zero only. */
  readonly outcomes: Partial<Record<Outcome, number>>;
}

export interface GoldenSummary {
  readonly query: string;
  readonly seconds: number;
  readonly traceHash: string;
  readonly attempts: number;
  readonly windows: readonly OutcomeWindow[];
}

export interface GoldenRecord {
  readonly prom: string;
  readonly summary: GoldenSummary;
}

interface OpenWindow {
  s: number;
  n: number;
  hash: WordHash;
  outcomes: Partial<Record<Outcome, number>>;
}

const kindIndex = new Map<ReadKind, number>(READ_KINDS.map((k, i) => [k, i]));
const outcomeIndex = new Map<Outcome, number>(OUTCOMES.map((o, i) => [o, i]));

/** The run's record; `options` switch the model's shortcuts (test/core/bulk-path.test.ts). */
export function runGolden(
  golden: GoldenScenario,
  options: Partial<WorldOptions> = {},
): GoldenRecord {
  const { scenario, issues } = parseScenario(golden.query);
  if (issues.length > 0) throw new Error(`golden "${golden.query}": ${JSON.stringify(issues)}`);
  const sim = createSimulation(scenario, options);
  const windows: OpenWindow[] = [];
  sim.world.outcomes.onRecord = (id, kind, outcome, code, atNs) => {
    const s = Math.floor(atNs / NS_PER_S);
    let w = windows[windows.length - 1];
    if (w === undefined || w.s !== s) {
      if (w !== undefined && s < w.s) throw new Error(`attempt ${id} ended before the one before`);
      w = { s, n: 0, hash: new WordHash(0x6a09e667, 0xbb67ae85), outcomes: {} };
      windows.push(w);
    }
    w.n++;
    w.hash.word(id);
    w.hash.time(atNs);
    w.hash.word(kindIndex.get(kind) ?? -1);
    w.hash.word(outcomeIndex.get(outcome) ?? -1);
    w.hash.word(code);
    w.outcomes[outcome] = (w.outcomes[outcome] ?? 0) + 1;
  };
  // One-second slices, as the command line runs it.
  for (let s = 1; s <= golden.seconds; s++) sim.advanceTo(s * NS_PER_S);
  const attempts = windows.reduce((sum, w) => sum + w.n, 0);
  const counted = Object.values(sim.world.outcomes.countsCopy())
    .flatMap((byOutcome) => Object.values(byOutcome))
    .reduce((sum, n) => sum + n, 0);
  if (attempts !== counted) throw new Error(`digest saw ${attempts} attempts, the log ${counted}`);
  return {
    prom: sim.prometheusText(),
    summary: {
      query: golden.query,
      seconds: golden.seconds,
      traceHash: sim.traceHash(),
      attempts,
      windows: windows.map((w) => ({
        s: w.s,
        n: w.n,
        hash: `${hex32(w.hash.hi)}${hex32(w.hash.lo)}`,
        outcomes: w.outcomes,
      })),
    },
  };
}

/** JSON with one window per line, so that a regenerated file's git diff names the seconds. */
export function summaryText(summary: GoldenSummary): string {
  const { windows, ...head } = summary;
  const headLines = Object.entries(head).map(
    ([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`,
  );
  const windowLines = windows.map((w) => `    ${JSON.stringify(w)}`).join(",\n");
  return `{\n${headLines.join("\n")}\n  "windows": [\n${windowLines}\n  ]\n}\n`;
}

const promPath = (dir: string, stem: string) => join(dir, `${stem}.prom`);
const summaryPath = (dir: string, stem: string) => join(dir, `${stem}.json`);

/** The committed record of `stem`, or null when it was never generated. */
export function readGolden(dir: string, stem: string): GoldenRecord | null {
  if (!existsSync(promPath(dir, stem)) || !existsSync(summaryPath(dir, stem))) return null;
  return {
    prom: readFileSync(promPath(dir, stem), "utf8"),
    summary: JSON.parse(readFileSync(summaryPath(dir, stem), "utf8")) as GoldenSummary,
  };
}

export function writeGolden(dir: string, stem: string, record: GoldenRecord): void {
  writeFileSync(promPath(dir, stem), record.prom);
  writeFileSync(summaryPath(dir, stem), summaryText(record.summary));
}

const MAX_LINES = 12;

function capped(lines: string[], what: string): string[] {
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES), `  … and ${lines.length - MAX_LINES} more ${what}`];
}

/** A series line's name and labels, and its value (the exposition has no timestamps). */
function seriesOf(prom: string): Map<string, string> {
  const series = new Map<string, string>();
  for (const line of prom.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    series.set(line.slice(0, cut), line.slice(cut + 1));
  }
  return series;
}

function promDiff(before: string, after: string): string[] {
  if (before === after) return [];
  const old = seriesOf(before);
  const now = seriesOf(after);
  const lines: string[] = [];
  for (const [key, value] of old) {
    const next = now.get(key);
    if (next === undefined) lines.push(`  - ${key} ${value}`);
    else if (next !== value) lines.push(`  ~ ${key}: ${value} → ${next}`);
  }
  for (const [key, value] of now) if (!old.has(key)) lines.push(`  + ${key} ${value}`);
  if (lines.length === 0) lines.push("  (same series and values; HELP, TYPE or order differ)");
  return [`Prometheus text: ${lines.length} series moved`, ...capped(lines, "series")];
}

function outcomesText(outcomes: Partial<Record<Outcome, number>>): string {
  return OUTCOMES.filter((o) => outcomes[o] !== undefined)
    .map((o) => `${o} ${outcomes[o]}`)
    .join(", ");
}

function windowsDiff(before: GoldenSummary, after: GoldenSummary): string[] {
  const old = new Map(before.windows.map((w) => [w.s, w]));
  const now = new Map(after.windows.map((w) => [w.s, w]));
  const seconds = [...new Set([...old.keys(), ...now.keys()])].sort((a, b) => a - b);
  const lines: string[] = [];
  for (const s of seconds) {
    const a = old.get(s);
    const b = now.get(s);
    if (a !== undefined && b !== undefined && a.hash === b.hash) continue;
    const was = a === undefined ? "none" : `${a.n} (${outcomesText(a.outcomes)})`;
    const is = b === undefined ? "none" : `${b.n} (${outcomesText(b.outcomes)})`;
    const same = was === is ? " (same counts: ids, end times or codes moved)" : "";
    lines.push(`  ${s}–${s + 1} s: ${was} → ${is}${same}`);
  }
  if (lines.length === 0) return [];
  const head = `attempts ended: ${before.attempts} → ${after.attempts}; ${lines.length} seconds differ`;
  return [head, ...capped(lines, "seconds")];
}

/** What moved from `before` to `after`, in lines a reader can scan; empty when nothing did. */
export function goldenDiff(before: GoldenRecord, after: GoldenRecord): string[] {
  const lines: string[] = [];
  const a = before.summary;
  const b = after.summary;
  if (a.query !== b.query || a.seconds !== b.seconds) {
    lines.push(`scenario: "${a.query}" for ${a.seconds} s → "${b.query}" for ${b.seconds} s`);
  }
  if (a.traceHash !== b.traceHash) lines.push(`trace hash: ${a.traceHash} → ${b.traceHash}`);
  lines.push(...windowsDiff(a, b), ...promDiff(before.prom, after.prom));
  return lines;
}
