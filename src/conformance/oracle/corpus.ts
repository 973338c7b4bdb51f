import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { VersionStatus } from "../../content/oracle-check.ts";
import type { K8sVersion } from "../../sim/scenario/index.ts";
import { readScript, type Script } from "../../sim/script/format.ts";
import { randomScript } from "../../sim/script/random-script.ts";
import { runScript } from "../../sim/script/run-script.ts";
import { type AllowEntry, readAllowList, type Sorted, sortDifferences } from "./allow-list.ts";
import { compareOutcomes, type OutcomeFile } from "./compare.ts";
import { scriptFor } from "./versions.ts";

// The oracle's corpus and its committed answers (docs/oracle.md): the regression scripts kept in
// test/oracle/corpus/, plus scripts drawn from seeds 1 … N, and for each Kubernetes minor the real
// cacher's outcomes in one JSON-lines file, so a machine without Go still checks the model
// against what the released code answered.

export const CORPUS_DIR = "test/oracle/corpus";
export const OUTCOMES_DIR = "test/oracle/outcomes";
export const ALLOW_LIST_FILE = "src/conformance/oracle/allow-list.json";
export const OUTCOMES_FORMAT = "wcl-oracle-outcomes/1";

/** The first line of an outcomes file: what was run, against which module, when. */
export interface OutcomesHeader {
  readonly format: typeof OUTCOMES_FORMAT;
  /** The Go module the outcomes come from, `k8s.io/apiserver@v0.37.2`. */
  readonly module: string;
  readonly k8s: string;
  readonly regression: number;
  /** Random scripts from seed 1 to this one. */
  readonly randomSeeds: number;
  /** The day the outcomes were made, YYYY-MM-DD. */
  readonly checkedOn: string;
}

/** The scripts of a directory (`*.script.json`), in name order. */
export const readScripts = (dir: string): Script[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".script.json"))
    .sort()
    .map((f) => readScript(JSON.parse(readFileSync(join(dir, f), "utf8"))));

export const regressionScripts = (root = "."): Script[] => readScripts(join(root, CORPUS_DIR));

export const randomScripts = (seeds: number): Script[] =>
  Array.from({ length: seeds }, (_, i) => randomScript(i + 1));

/** The whole corpus as minor `k8s` runs it: the regression scripts, then seeds 1 … `seeds`. */
export const corpusFor = (k8s: K8sVersion, seeds: number, root = "."): Script[] =>
  [...regressionScripts(root), ...randomScripts(seeds)].map((s) => scriptFor(s, k8s));

export const outcomesFile = (k8s: string, root = ".") =>
  join(root, OUTCOMES_DIR, `k8s-${k8s}.jsonl`);

export function readOutcomes(path: string): {
  header: OutcomesHeader;
  outcomes: Map<string, OutcomeFile>;
} {
  if (!existsSync(path))
    throw new Error(`oracle: no committed outcomes at ${path} (npm run oracle makes them)`);
  const [first, ...rest] = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "");
  const header = JSON.parse(first ?? "{}") as OutcomesHeader;
  if (header.format !== OUTCOMES_FORMAT)
    throw new Error(`oracle: ${path} is not ${OUTCOMES_FORMAT}`);
  const outcomes = new Map<string, OutcomeFile>();
  for (const line of rest) {
    const outcome = JSON.parse(line) as OutcomeFile;
    outcomes.set(outcome.script, outcome);
  }
  return { header, outcomes };
}

export const readAllow = (root = "."): AllowEntry[] =>
  readAllowList(JSON.parse(readFileSync(join(root, ALLOW_LIST_FILE), "utf8")));

export interface ScriptVerdict {
  readonly script: Script;
  /** Null when the committed outcomes lack this script. */
  readonly sorted: Sorted | null;
}

/** The model run on each script and compared with the real outcome committed for it. */
export function verdicts(
  scripts: readonly Script[],
  real: ReadonlyMap<string, OutcomeFile>,
  allow: readonly AllowEntry[],
): ScriptVerdict[] {
  return scripts.map((script) => {
    const theirs = real.get(script.name);
    if (theirs === undefined) return { script, sorted: null };
    const ours = runScript(script).outcome as OutcomeFile;
    return { script, sorted: sortDifferences(compareOutcomes(script, ours, theirs), allow) };
  });
}

/**
 * The scripts on which the model is known to differ from the real code still, each with its first
 * difference: open work, not accepted behaviour (that is the allow-list's). The suite fails when
 * a script differs that is not listed here (a regression) and when a listed one no longer differs
 * (the ledger is stale: take it off). `npm run oracle -- --record-open` rewrites it.
 */
export const openFile = (k8s: string, root = ".") =>
  join(root, OUTCOMES_DIR, `k8s-${k8s}.open.json`);

export function readOpen(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
}

/** The first difference of each script that differs, as one line. */
export function firstDifferences(results: readonly ScriptVerdict[]): Record<string, string> {
  const open: Record<string, string> = {};
  for (const { script, sorted } of results) {
    const d = sorted?.rejected[0];
    if (d === undefined) continue;
    const where = d.request === null ? "" : `${d.request} `;
    open[script.name] =
      `${where}${d.field}: model ${JSON.stringify(d.model)}, real ${JSON.stringify(d.real)}`.slice(
        0,
        240,
      );
  }
  return open;
}

/** What the page says of each version's check against the real code (src/content/oracle-status.json). */
export const STATUS_FILE = "src/content/oracle-status.json";

export function statusOf(
  header: OutcomesHeader,
  results: readonly ScriptVerdict[],
  allow: readonly AllowEntry[],
): VersionStatus {
  return {
    module: header.module,
    scripts: results.length,
    agree: results.filter((r) => r.sorted !== null && r.sorted.rejected.length === 0).length,
    checkedOn: header.checkedOn,
    allowListEntries: allow.length,
  };
}
