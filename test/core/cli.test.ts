import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";

// The bundled command line, spawned as `npm run sim` runs it (after `presim` bundles it).

const sim = (...args: string[]) =>
  spawnSync(process.execPath, ["dist-cli/sim.mjs", ...args], { encoding: "utf8" });

beforeAll(() => {
  const bundled = spawnSync(process.execPath, ["scripts/bundle-cli.mjs", "sim"], {
    encoding: "utf8",
  });
  expect(bundled.status, bundled.stderr).toBe(0);
});

const REQUIRED_SERIES = [
  "apiserver_watch_cache_read_wait_seconds_bucket",
  "apiserver_watch_cache_consistent_read_total",
  "apiserver_watch_cache_events_received_total",
  "apiserver_watch_cache_events_dispatched_total",
  "apiserver_watch_cache_resource_version",
  "watch_cache_capacity",
  "watch_cache_capacity_increase_total",
  "watch_cache_capacity_decrease_total",
  "apiserver_watch_cache_initializations_total",
  "apiserver_terminated_watchers_total",
  "watchcachelab_reads_total",
  "watchcachelab_wakeup_timers_started_total",
  "watchcachelab_wakeup_timers_pending",
  "watchcachelab_etcd_requests_total",
  "watchcachelab_etcd_queue_length",
  "watchcachelab_cache_lag_seconds",
];

describe("npm run sim", () => {
  it("refuses a bad flag with exit 2, a message and nothing on stdout", () => {
    const out = sim("--scenario", "", "--duration", "0", "--colour", "red");
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain('unknown argument "--colour"');
    expect(out.stderr).toContain('--duration "0"');
  });

  it("refuses a scenario with issues and lists every one", () => {
    const out = sim("--scenario", "writes=lots&bogus=1", "--duration", "5", "--format", "xml");
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain("writes");
    expect(out.stderr).toContain("bogus");
    expect(out.stderr).toContain('--format "xml"');
  });

  it("prints every required series in the Prometheus text format", () => {
    const out = sim("--scenario", "reads=50&herd=20@1", "--duration", "3");
    expect(out.status, out.stderr).toBe(0);
    for (const name of REQUIRED_SERIES) expect(out.stdout).toMatch(new RegExp(`^${name}[{ ]`, "m"));
    expect(out.stdout).toContain("# TYPE apiserver_watch_cache_read_wait_seconds histogram");
    expect(out.stdout).toMatch(/le="3"/);
    expect(out.stdout).toMatch(/le="\+Inf"/);
    expect(out.stdout).toContain('group="",resource="pods"');
  });

  it("prints the parsed scenario, a trace hash and the metrics as JSON", () => {
    const out = sim("--scenario=writes=100", "--duration=2", "--format", "json");
    expect(out.status, out.stderr).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json.scenario.writes).toEqual([{ atNs: 0, value: 100 }]);
    expect(json.scenario.objects).toBe(1000);
    expect(json.traceHash).toMatch(/^[0-9a-f]{16}$/);
    const received = json.metrics.apiserver_watch_cache_events_received_total[0];
    expect(received.value).toBeGreaterThan(100);
    const wait = json.metrics.apiserver_watch_cache_read_wait_seconds[0];
    expect(Object.keys(wait.buckets)).toContain("+Inf");
  });
});
