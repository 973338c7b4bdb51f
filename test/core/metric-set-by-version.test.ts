import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "./simulation-helpers.ts";

// Each simulated version prints the metric set its apiserver registers (cacher/metrics/metrics.go
// on release-1.33 … release-1.36 and the pinned commit): its label names, its 1.37-only series,
// its help texts as component-base annotates them. Prometheus's own promtool lints every version.

const PROMTOOL = "/usr/bin/promtool";
const SCENARIO = "lag=4000&reads=50&mix=consistent:1&restart=20";
const registryOf = (k8s: string) => run(`k8s=${k8s}&${SCENARIO}`, 30).metrics();
const text = (k8s: string) => registryOf(k8s).exposition();
const lines = (t: string, name: string) => t.split("\n").filter((l) => l.startsWith(`${name}{`));

const ONLY_137 = [
  "apiserver_watch_cache_initialization_errors_total",
  "apiserver_watch_cache_initialization_duration_seconds",
  "apiserver_watch_events_dispatch_duration_seconds",
];

describe("the metric set by version", () => {
  it("1.33 labels by resource alone: pods, or the /pods prefix where 1.33 passed resourcePrefix", () => {
    const t = text("1.33");
    expect(lines(t, "apiserver_watch_cache_read_wait_seconds_bucket")[0]).toMatch(
      /^apiserver_watch_cache_read_wait_seconds_bucket\{resource="pods",le="0\.005"\} \d+$/,
    );
    const consistent = lines(t, "apiserver_watch_cache_consistent_read_total");
    expect(consistent.length).toBeGreaterThan(0);
    for (const l of consistent)
      expect(l).toMatch(/^[a-z_]+\{fallback="\w+",resource="\/pods",success="\w+"\} \d+$/);
    expect(lines(t, "watch_cache_capacity")[0]).toMatch(
      /^watch_cache_capacity\{resource="pods"\} \d+$/,
    );
    for (const l of lines(t, "apiserver_cache_list_total"))
      expect(l).toMatch(/\{index="",resource_prefix="\/pods"\}/);
    expect(t).not.toContain('group="');
    // Registered, and exposed once a check runs (the model runs none).
    expect(registryOf("1.33").find("apiserver_storage_consistency_checks_total")?.help).toMatch(
      /^\[INTERNAL\] Counter for status/,
    );
    for (const name of ONLY_137) expect(t).not.toContain(name);
  });

  it.each(["1.34", "1.36"])("%s labels by group and resource, without 1.37's series", (k8s) => {
    const t = text(k8s);
    expect(lines(t, "apiserver_watch_cache_read_wait_seconds_count")[0]).toMatch(
      /^apiserver_watch_cache_read_wait_seconds_count\{group="",resource="pods"\} \d+$/,
    );
    for (const name of ONLY_137) expect(t).not.toContain(name);
    expect(t).toContain(
      "# HELP apiserver_cache_list_total [ALPHA] Number of LIST requests served from watch cache\n",
    );
  });

  it("1.37 has every series, the deprecated list counters marked as component-base marks them", () => {
    const registry = registryOf("1.37");
    const t = registry.exposition();
    for (const name of ONLY_137) expect(registry.find(name)).toBeDefined();
    // Observed at the restart's Replace and built with the cacher; no relist failed.
    expect(t).toContain("# TYPE apiserver_watch_cache_initialization_duration_seconds histogram");
    expect(t).toContain("# TYPE apiserver_watch_events_dispatch_duration_seconds histogram");
    expect(t).not.toContain("apiserver_watch_cache_initialization_errors_total");
    expect(t).toContain(
      "# HELP apiserver_cache_list_total [ALPHA] (Deprecated since 1.37.0) Number of LIST requests served from watch cache\n",
    );
    expect(t).toContain(
      "# HELP apiserver_watch_cache_resource_version [ALPHA] Current resource version of watch cache broken by resource type. This is truncated to the 15 least significant digits.\n",
    );
  });

  it.each(["1.33", "1.36", "1.37"])("%s passes promtool check metrics", (k8s) => {
    expect(existsSync(PROMTOOL), `${PROMTOOL} is missing: run npm test`).toBe(true);
    const out = spawnSync(PROMTOOL, ["check", "metrics"], { input: text(k8s), encoding: "utf8" });
    // promtool lints naming (e.g. a counter without _total); only errors in the text fail it.
    expect(out.stderr).not.toMatch(/error while linting|text format parsing error/);
  });
});
