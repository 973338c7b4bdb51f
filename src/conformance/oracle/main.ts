import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseScenario } from "../../sim/scenario/index.ts";
import { exportScript } from "../../sim/script/export-script.ts";
import {
  readScript,
  SCRIPT_CLASSES,
  type Script,
  type ScriptClass,
} from "../../sim/script/format.ts";
import { randomScript } from "../../sim/script/random-script.ts";
import { runScript } from "../../sim/script/run-script.ts";
import { NS_PER_S } from "../../sim/time.ts";
import { readAllowList, sortDifferences } from "./allow-list.ts";
import { compareOutcomes, describeDifference, type OutcomeFile } from "./compare.ts";

// `npm run oracle -- <command>`: the model against the released Kubernetes code on scripts
// (docs/oracle-script.md). Commands:
//   export --scenario TEXT --duration S --name NAME [--class C] --out DIR   a scenario as a script
//   random --from SEED --count N --out DIR                                   scripts drawn at random
//   model SCRIPTS OUT                                                         the model's outcomes
//   compare SCRIPTS REAL [--allow FILE]                                       model vs the real outcomes
//   harness SCRIPTS OUT                                                       the real outcomes (Go)
// `compare` runs the model itself and exits 1 on any difference the allow-list does not accept.

const USAGE = `usage: npm run oracle -- export|random|model|compare|harness … (see src/conformance/oracle/main.ts)`;
const ALLOW_LIST = "src/conformance/oracle/allow-list.json";

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

export function readScripts(dir: string): Script[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".script.json"))
    .sort()
    .map((f) => readScript(JSON.parse(readFileSync(join(dir, f), "utf8"))));
}

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
export function runHarness(scripts: string, out: string): boolean {
  const run = resolve("oracle/run.sh");
  if (!existsSync(run)) fail("oracle/run.sh is missing");
  const result = spawnSync("bash", [run, scripts, out], { stdio: "inherit" });
  return result.status === 0;
}

function compareCommand(args: string[]) {
  const [dir, realDir] = [need(args[0], "SCRIPTS"), need(args[1], "REAL")];
  const allow = readAllowList(JSON.parse(readFileSync(flag(args, "allow") ?? ALLOW_LIST, "utf8")));
  const scripts = readScripts(dir);
  const all: { script: Script; sorted: ReturnType<typeof sortDifferences> }[] = [];
  let missing = 0;
  for (const script of scripts) {
    const file = join(realDir, `${script.name}.outcome.json`);
    if (!existsSync(file)) {
      console.log(`MISSING ${script.name}: no real outcome in ${realDir}`);
      missing++;
      continue;
    }
    const real = JSON.parse(readFileSync(file, "utf8")) as OutcomeFile;
    const model = runScript(script).outcome as OutcomeFile;
    const diffs = compareOutcomes(script, model, real);
    const sorted = sortDifferences(diffs, allow);
    for (const d of sorted.rejected) console.log(describeDifference(d, script));
    all.push({ script, sorted });
  }
  const rejected = all.reduce((n, a) => n + a.sorted.rejected.length, 0);
  const differing = all.filter((a) => a.sorted.rejected.length > 0).length;
  console.log(
    `\nallow-list: ${allow.map((e, i) => `${e.class}/${e.field} ${all.reduce((n, a) => n + (a.sorted.accepted[i] ?? 0), 0)}`).join(", ") || "empty"}`,
  );
  console.log(
    `${scripts.length} scripts: ${scripts.length - differing - missing} equal, ${differing} differ (${rejected} differences), ${missing} without a real outcome`,
  );
  process.exit(rejected > 0 || missing > 0 ? 1 : 0);
}

const [command, ...rest] = process.argv.slice(2);
if (command === "export") exportCommand(rest);
else if (command === "random") randomCommand(rest);
else if (command === "model") modelCommand(rest);
else if (command === "compare") compareCommand(rest);
else if (command === "harness")
  process.exit(runHarness(need(rest[0], "SCRIPTS"), need(rest[1], "OUT")) ? 0 : 1);
else fail(USAGE);
