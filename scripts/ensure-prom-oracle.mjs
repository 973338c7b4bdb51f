// Prometheus 3's own PromQL engine and promtool for the tests: prom-oracle/ is a small Go module of
// ours over github.com/prometheus/prometheus v0.316.0 (Prometheus 3.16), built here into
// prom-oracle/bin/prom-oracle and prom-oracle/bin/promtool (for `promtool test rules`). Go rebuilds only what changed; a cold build downloads the modules
// and compiles (figures in docs/benchmarks.md, "What it costs to run"). Run on its own
// (`node scripts/ensure-prom-oracle.mjs`) it builds or exits 1 saying why.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const PROM_ORACLE = "prom-oracle/bin/prom-oracle";

export const PROMTOOL_3 = "prom-oracle/bin/promtool";

const build = (output, pkg) =>
  spawnSync("go", ["build", "-o", output, pkg], {
    cwd: "prom-oracle",
    stdio: "inherit",
    env: { ...process.env, GOFLAGS: "-mod=readonly" },
  });

export function ensurePromOracle() {
  for (const [output, pkg] of [
    ["bin/prom-oracle", "."],
    ["bin/promtool", "github.com/prometheus/prometheus/cmd/promtool"],
  ]) {
    const built = build(output, pkg);
    if (built.error !== undefined) {
      console.error(`test: cannot run go (${built.error.message}); the project needs Go 1.26`);
      return false;
    }
    if (built.status !== 0) return false;
  }
  return existsSync(PROM_ORACLE) && existsSync(PROMTOOL_3);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensurePromOracle() ? 0 : 1);
