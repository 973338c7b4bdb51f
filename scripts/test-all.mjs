// The whole test suite behind `npm test`: unit and component tests (vitest), the conformance
// vectors, the promtool backfill of an OpenMetrics export and the windowed figures against
// Prometheus 2.42 and 3.16 (inside vitest; Debian's prometheus is installed first if missing, and
// prom-oracle/, Prometheus 3's engine, is built with Go), the Kubernetes oracle's re-derivation
// of the released code's outcomes (where Go is present), a production build, then browser tests
// (Playwright on Debian's Chromium).
// Neither runner prints a closing line CI reads, so this sums their JSON reports and prints
// `N passed, N failed` itself; any failed step or missing report makes the exit code non-zero.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePromOracle } from "./ensure-prom-oracle.mjs";
import { ensurePromtool } from "./ensure-promtool.mjs";

const skipE2e = process.argv.includes("--no-e2e");
mkdirSync("reports", { recursive: true });

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  return result.status === 0;
}

function readReport(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function vitestCounts(report) {
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function playwrightCounts(report) {
  const s = report.stats ?? {};
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) };
}

const problems = [];
let passed = 0;
let failed = 0;

if (!ensurePromtool()) problems.push("no promtool for the OpenMetrics backfill test");
if (!ensurePromOracle()) problems.push("no Prometheus 3 engine (prom-oracle) for the PromQL test");
rmSync("reports/unit.json", { force: true });
const unitOk = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=reports/unit.json",
]);
const unit = readReport("reports/unit.json");
if (unit === null) problems.push("vitest wrote no report");
else {
  const c = vitestCounts(unit);
  passed += c.passed;
  failed += c.failed;
  console.log(`unit: ${c.passed} passed, ${c.failed} failed`);
}
if (!unitOk) problems.push("vitest failed");

// The oracle (docs/oracle.md): vitest above checked the model against the committed outcomes of the
// released Kubernetes code; where Go is present, the harness rebuilds and re-derives them from the
// real code, and any outcome that moved fails. One test in the count.
if (spawnSync("go", ["version"], { stdio: "ignore" }).status === 0) {
  const oracleOk = run("npm", ["run", "-s", "oracle", "--", "--check"]);
  if (oracleOk) passed++;
  else {
    failed++;
    problems.push(
      "the oracle's real outcomes differ from the committed ones (npm run oracle -- --check)",
    );
  }
  console.log(`oracle: ${oracleOk ? "1 passed" : "1 failed"}`);
  // The harness's own tests: its world's rules and each minor's facts on hand scripts (oracle/test.sh).
  const harnessOk = run("bash", ["oracle/test.sh"]);
  if (harnessOk) passed++;
  else {
    failed++;
    problems.push("the oracle harness's own Go tests failed (oracle/test.sh)");
  }
  console.log(`oracle harness: ${harnessOk ? "1 passed" : "1 failed"}`);
} else {
  console.log("oracle: no Go here; the model was checked against the committed real outcomes only");
}

if (!skipE2e) {
  if (!ensureChromium()) problems.push("no Chromium for the browser tests");
  else if (!run("npx", ["vite", "build", "--logLevel", "warn"])) problems.push("vite build failed");
  else {
    rmSync("reports/e2e.json", { force: true });
    const e2eOk = run("npx", ["playwright", "test"]);
    const e2e = readReport("reports/e2e.json");
    if (e2e === null) problems.push("playwright wrote no report");
    else {
      const c = playwrightCounts(e2e);
      passed += c.passed;
      failed += c.failed;
      console.log(`e2e: ${c.passed} passed, ${c.failed} failed`);
    }
    if (!e2eOk) problems.push("playwright failed");
  }
}

for (const p of problems) console.error(`test: ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length === 0 && failed === 0 ? 0 : 1);
