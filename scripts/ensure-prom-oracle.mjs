// Prometheus 3's own PromQL engine for the tests: prom-oracle/ is a small Go module of ours over
// github.com/prometheus/prometheus v0.316.0 (Prometheus 3.16), built here into
// prom-oracle/bin/prom-oracle. Go rebuilds only what changed; a cold build downloads the modules
// and compiles (figures in docs/benchmarks.md, "The Prometheus 3 oracle"). Run on its own
// (`node scripts/ensure-prom-oracle.mjs`) it builds or exits 1 saying why.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const PROM_ORACLE = "prom-oracle/bin/prom-oracle";

export function ensurePromOracle() {
  const built = spawnSync("go", ["build", "-o", "bin/prom-oracle", "."], {
    cwd: "prom-oracle",
    stdio: "inherit",
    env: { ...process.env, GOFLAGS: "-mod=readonly" },
  });
  if (built.error !== undefined) {
    console.error(`test: cannot run go (${built.error.message}); the project needs Go 1.26`);
    return false;
  }
  return built.status === 0 && existsSync(PROM_ORACLE);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensurePromOracle() ? 0 : 1);
