import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseScenario } from "../../sim/scenario/index.ts";
import { exportScript } from "../../sim/script/export-script.ts";
import { SCRIPT_CLASSES, type Script, type ScriptClass } from "../../sim/script/format.ts";
import { randomScript } from "../../sim/script/random-script.ts";
import { runScript } from "../../sim/script/run-script.ts";
import { NS_PER_S } from "../../sim/time.ts";
import { checkSubset } from "./ci-subset.ts";
import { describeDifference, type OutcomeFile } from "./compare.ts";
import {
  corpusFor,
  firstDifferences,
  OUTCOMES_DIR,
  OUTCOMES_FORMAT,
  type OutcomesHeader,
  openFile,
  outcomesFile,
  readAllow,
  readOpen,
  readOutcomes,
  readScripts,
  STATUS_FILE,
  statusOf,
  verdicts,
} from "./corpus.ts";
import { coverage, coverageTable } from "./coverage.ts";
import { type OracleVersion, versionsToRun, versionsWithOutcomes } from "./versions.ts";

// `npm run oracle`: the model against the released Kubernetes code on scripts (docs/oracle.md).
//   npm run oracle [-- --k8s 1.36] [--random N]   run the corpus on the real cacher (Go) of one minor
//                                                 (default: every minor of versions.ts), write
//                                                 test/oracle/outcomes/k8s-<v>.jsonl, compare the model
//   npm run oracle -- --check                     the same, but fail if the real outcomes differ from
//                                                 the committed ones instead of writing them; on the
//                                                 subset of ci-subset.ts unless --full
//   npm run oracle -- --model-only                the model against the committed outcomes (no Go)
//   add --record-open to rewrite the ledger of scripts known to differ still (corpus.ts openFile)
// and tools: `export --scenario TEXT --duration S --name NAME [--class C] --out DIR` (a scenario as a
// script), `random --from SEED --count N --out DIR`, `model SCRIPTS OUT` (the model's outcomes),
// `compare SCRIPTS REAL` (the model against outcome files in a directory).
// Exits 1 on any difference the allow-list does not accept.

/** Random scripts for a minor with no committed outcomes yet (issue 33: at least 500 a minor). */
const DEFAULT_RANDOM_SCRIPTS = 500;

const USAGE =
  "usage: npm run oracle [-- --check | --model-only] [--k8s V] [--random N], or export|random|model (see docs/oracle.md)";

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function need(value: string | undefined, what: string): string {
  if (value === undefined) fail(`${what} is required. ${USAGE}`);
  return value;
}

function fail(message: string): never {
  console.error(`oracle: ${message}`);
  process.exit(2);
}

/** JSON with each top-level field, and each item of a top-level list, on a line of its own. */
export function linedJson(value: Record<string, unknown>): string {
  const fields = Object.entries(value).map(([key, v]) => {
    const text =
      Array.isArray(v) && v.length > 0
        ? `[\n${v.map((item) => `  ${JSON.stringify(item)}`).join(",\n")}\n ]`
        : JSON.stringify(v);
    return ` ${JSON.stringify(key)}: ${text}`;
  });
  return `{\n${fields.join(",\n")}\n}\n`;
}

const writeJson = (path: string, value: object) =>
  writeFileSync(path, linedJson(value as Record<string, unknown>));

function exportCommand(args: string[]) {
  const text = need(flag(args, "scenario"), "--scenario");
  const parsed = parseScenario(text);
  if (parsed.issues.length > 0) fail(parsed.issues.map((i) => `${i.key}: ${i.message}`).join("; "));
  const cls = (flag(args, "class") ?? "scenario") as ScriptClass;
  if (!SCRIPT_CLASSES.includes(cls)) fail(`--class: one of ${SCRIPT_CLASSES.join(", ")}`);
  const seconds = Number(need(flag(args, "duration"), "--duration"));
  if (!(seconds > 0)) fail("--duration: seconds > 0");
  const name = need(flag(args, "name"), "--name");
  const out = need(flag(args, "out"), "--out");
  const script = exportScript({
    scenario: parsed.scenario,
    durationNs: Math.round(seconds * NS_PER_S),
    name,
    class: cls,
    source: text,
  });
  mkdirSync(out, { recursive: true });
  writeJson(join(out, `${name}.script.json`), script);
  console.log(
    `${name}: ${script.timeline.length} timeline items, ${script.requests.length} requests`,
  );
}

function randomCommand(args: string[]) {
  const from = Number(need(flag(args, "from"), "--from"));
  const count = Number(need(flag(args, "count"), "--count"));
  const out = need(flag(args, "out"), "--out");
  mkdirSync(out, { recursive: true });
  for (let seed = from; seed < from + count; seed++) {
    const script = randomScript(seed);
    writeJson(join(out, `${script.name}.script.json`), script);
  }
  console.log(`${count} random scripts, seeds ${from} … ${from + count - 1}, in ${out}`);
}

function modelCommand(args: string[]) {
  const [dir, out] = [need(args[0], "SCRIPTS"), need(args[1], "OUT")];
  mkdirSync(out, { recursive: true });
  for (const script of readScripts(dir)) {
    writeJson(join(out, `${script.name}.outcome.json`), runScript(script).outcome);
  }
}

/** The Go harness over the released k8s.io/apiserver (oracle/, docs/oracle-harness.md). */
function runHarness(scripts: readonly Script[], k8s: string): Map<string, OutcomeFile> {
  const run = resolve("oracle/run.sh");
  if (!existsSync(run)) fail("oracle/run.sh is missing");
  const work = mkdtempSync(join(tmpdir(), "wcl-oracle-"));
  const [inDir, outDir] = [join(work, "scripts"), join(work, "outcomes")];
  mkdirSync(inDir);
  mkdirSync(outDir);
  for (const script of scripts) writeJson(join(inDir, `${script.name}.script.json`), script);
  console.error(`oracle: running ${scripts.length} scripts on the real cacher of ${k8s}…`);
  const result = spawnSync("bash", [run, inDir, outDir, k8s], { stdio: "inherit" });
  if (result.status !== 0) fail(`the harness failed (exit ${result.status}); its output is above`);
  const outcomes = new Map<string, OutcomeFile>();
  for (const script of scripts) {
    const file = join(outDir, `${script.name}.outcome.json`);
    if (!existsSync(file)) fail(`the harness wrote no outcome for ${script.name}`);
    outcomes.set(script.name, JSON.parse(readFileSync(file, "utf8")) as OutcomeFile);
  }
  rmSync(work, { recursive: true, force: true });
  return outcomes;
}

function outcomesText(
  header: OutcomesHeader,
  scripts: readonly Script[],
  real: Map<string, OutcomeFile>,
) {
  const lines = [JSON.stringify(header), ...scripts.map((s) => JSON.stringify(real.get(s.name)))];
  return `${lines.join("\n")}\n`;
}

/** The corpus against the real code, for `--k8s V` or every minor (docs/oracle.md). */
function corpusCommand(args: string[]) {
  let status = 0;
  for (const k8s of versionsToRun(
    args,
    flag(args, "k8s"),
    versionsWithOutcomes(OUTCOMES_DIR),
    fail,
  )) {
    console.log(`\n=== Kubernetes ${k8s} ===`);
    status = Math.max(status, corpusVersion(args, k8s));
  }
  process.exit(status);
}

/** One minor's corpus: regenerate (default), check, or compare the model only. Returns the exit status. */
function corpusVersion(args: string[], k8s: OracleVersion): number {
  const path = outcomesFile(k8s);
  const committed = existsSync(path) ? readOutcomes(path) : null;
  const seeds = Number(
    flag(args, "random") ?? committed?.header.randomSeeds ?? DEFAULT_RANDOM_SCRIPTS,
  );
  if (!(Number.isInteger(seeds) && seeds >= 0))
    fail("--random: a whole number of scripts, 0 or more");
  const corpus = corpusFor(k8s, seeds);
  const partial = args.includes("--check") && !args.includes("--full");
  const scripts = partial ? checkSubset(corpus) : corpus;
  if (partial)
    console.log(`--check: ${scripts.length} of the ${corpus.length} scripts (--full: all)`);
  let real: Map<string, OutcomeFile>;
  if (args.includes("--model-only")) {
    if (committed === null) fail(`no committed outcomes at ${path}`);
    real = committed.outcomes;
  } else {
    real = runHarness(scripts, k8s);
    const module = real.values().next().value?.side ?? "unknown";
    const header: OutcomesHeader = {
      format: OUTCOMES_FORMAT,
      module,
      k8s,
      regression: corpus.length - seeds,
      randomSeeds: seeds,
      checkedOn: committed?.header.checkedOn ?? new Date().toISOString().slice(0, 10),
    };
    if (args.includes("--check")) {
      if (committed === null) fail(`--check: no committed outcomes at ${path}`);
      const changed = scripts.filter(
        (s) => JSON.stringify(real.get(s.name)) !== JSON.stringify(committed.outcomes.get(s.name)),
      );
      for (const s of changed)
        console.log(`REAL CHANGED ${s.name}: the real code's outcome differs from ${path}`);
      if (changed.length > 0)
        fail(`${changed.length} of ${scripts.length} real outcomes differ from the committed ones`);
      console.log(`the real code's outcomes equal ${path} on all ${scripts.length} scripts`);
    } else {
      const fresh = { ...header, checkedOn: new Date().toISOString().slice(0, 10) };
      writeFileSync(path, outcomesText(fresh, scripts, real));
      console.log(`wrote ${path}`);
    }
  }
  const table = coverageTable(coverage(scripts, real), scripts.length);
  if (!args.includes("--check") && !args.includes("--model-only")) {
    writeFileSync(coverageFile(k8s), `${COVERAGE_HEADER(k8s)}\n${table}`);
  }
  console.log(`\ncoverage:\n${table}`);
  const results = verdicts(scripts, real, readAllow());
  if (args.includes("--record-open")) {
    writeFileSync(openFile(k8s), `${JSON.stringify(firstDifferences(results), null, 1)}\n`);
    const header = readOutcomes(outcomesFile(k8s)).header;
    const status = { ...readStatus(), [k8s]: statusOf(header, results, readAllow()) };
    writeFileSync(STATUS_FILE, `${JSON.stringify(status, null, 2)}\n`);
    console.log(`wrote ${openFile(k8s)} and ${STATUS_FILE}`);
  }
  return report(results, readAllow(), readOpen(openFile(k8s)));
}

const readStatus = (): Record<string, unknown> =>
  existsSync(STATUS_FILE)
    ? (JSON.parse(readFileSync(STATUS_FILE, "utf8")) as Record<string, unknown>)
    : {};

const coverageFile = (k8s: string) => `docs/oracle-coverage-${k8s}.md`;
const COVERAGE_HEADER = (k8s: string) =>
  `# What the oracle corpus exercises, k8s.io/apiserver ${k8s}\n\nWritten by \`npm run oracle\` (docs/oracle.md); each row counts the scripts whose run on the real code shows it.\n`;

function report(
  results: ReturnType<typeof verdicts>,
  allow: ReturnType<typeof readAllow>,
  open: Record<string, string>,
): number {
  let differences = 0;
  let missing = 0;
  let known = 0;
  for (const { script, sorted } of results) {
    if (sorted === null) {
      console.log(`MISSING ${script.name}: no real outcome`);
      missing++;
      continue;
    }
    if (sorted.rejected.length > 0 && open[script.name] !== undefined) {
      known++;
      continue;
    }
    for (const d of sorted.rejected) console.log(describeDifference(d, script));
    differences += sorted.rejected.length;
  }
  const stale = results.filter(
    (r) => open[r.script.name] !== undefined && r.sorted?.rejected.length === 0,
  );
  for (const r of stale)
    console.log(`STALE ${r.script.name}: listed as open but now as the real code`);
  const counts = allow.map(
    (e, i) =>
      `${e.class}/${e.field}: ${results.reduce((n, r) => n + (r.sorted?.accepted[i] ?? 0), 0)}`,
  );
  console.log(`allow-list: ${counts.join(", ") || "empty"}`);
  const differing = results.filter((r) => (r.sorted?.rejected.length ?? 0) > 0).length;
  console.log(
    `${results.length} scripts: ${results.length - differing - missing} as the real code, ${differing} differ (${known} of them listed as open, ${differences} differences in the rest), ${missing} without a real outcome`,
  );
  return differences > 0 || missing > 0 || stale.length > 0 ? 1 : 0;
}

/** The model against outcome files in a directory (the harness's output, say). */
function compareCommand(args: string[]) {
  const [dir, realDir] = [need(args[0], "SCRIPTS"), need(args[1], "REAL")];
  const scripts = readScripts(dir);
  const real = new Map<string, OutcomeFile>();
  for (const s of scripts) {
    const file = join(realDir, `${s.name}.outcome.json`);
    if (existsSync(file)) real.set(s.name, JSON.parse(readFileSync(file, "utf8")) as OutcomeFile);
  }
  console.log(`\ncoverage:\n${coverageTable(coverage(scripts, real), scripts.length)}`);
  process.exit(report(verdicts(scripts, real, readAllow()), readAllow(), {}));
}

const [command, ...rest] = process.argv.slice(2);
if (command === "export") exportCommand(rest);
else if (command === "random") randomCommand(rest);
else if (command === "model") modelCommand(rest);
else if (command === "compare") compareCommand(rest);
else if (command === undefined || command.startsWith("--")) corpusCommand(process.argv.slice(2));
else fail(USAGE);
