// The OpenMetrics export is checked by Prometheus's own promtool (Debian's `prometheus` package,
// which installs no service): test/core/openmetrics-promtool.test.ts backfills an export with it.
// Run on its own (`node scripts/ensure-promtool.mjs`) it installs promtool or exits 1.
import { ensureDebianTool } from "./ensure-debian-tool.mjs";

export const PROMTOOL = "/usr/bin/promtool";

export const ensurePromtool = () =>
  ensureDebianTool({ path: PROMTOOL, pkg: "prometheus", why: "the OpenMetrics backfill test" });

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensurePromtool() ? 0 : 1);
