import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// Upstream's labelled children (component-base vectors, `group` and `resource` included) exist
// only from the WithLabelValues call where they are first used, except those the cacher sets up
// when it is built. A family without children is not exposed at all (client_golang drops it).
// Checked against k8s.io/apiserver v0.37.2, v0.36.6 and v0.33.12 (cacher/*.go call sites).

/** Families a run that has only started exposes: built with the cacher, or set by its first Replace. */
const AT_START_137 = [
  "watch_cache_capacity", // watch_cache_history.go newWatchCacheHistory (construction)
  "apiserver_watch_events_dispatch_duration_seconds", // cacher.go NewWatcherMetricsObservers
  "apiserver_watch_cache_resource_version", // watch_cache.go Replace, RecordResourceVersion
  "apiserver_watch_cache_initializations_total", // cacher.go startCaching SetOnReplace
  "apiserver_watch_cache_initialization_duration_seconds", // the same
];
/** Families that appear only once something happens. */
const ON_FIRST_USE = [
  "apiserver_watch_cache_events_received_total",
  "apiserver_watch_cache_events_dispatched_total",
  "watch_cache_capacity_increase_total",
  "watch_cache_capacity_decrease_total",
  "apiserver_watch_cache_initialization_errors_total",
  "apiserver_init_events_total",
  "apiserver_terminated_watchers_total",
  "apiserver_watch_cache_read_wait_seconds",
  "apiserver_watch_cache_consistent_read_total",
  "apiserver_storage_consistency_checks_total",
  "apiserver_cache_list_total",
  "apiserver_cache_list_fetched_objects_total",
  "apiserver_cache_list_returned_objects_total",
];

const QUIET = "reads=0&watchers=0&writes=0&otherWrites=0&ryw=0";

function exposedAt(query: string, seconds: number): Set<string> {
  const { scenario, issues } = parseScenario(query);
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  const sim = createSimulation(scenario);
  sim.advanceTo(seconds * NS_PER_S);
  const names = new Set<string>();
  for (const line of sim.prometheusText().split("\n")) {
    const match = /^# TYPE (\S+) /.exec(line);
    if (match?.[1] !== undefined) names.add(match[1]);
  }
  return names;
}

describe("upstream series appear when upstream creates them", () => {
  it("a quiet 1.37 run shows only what the cacher sets up and its first Replace", () => {
    const exposed = exposedAt(QUIET, 1);
    for (const name of AT_START_137)
      expect({ name, exposed: exposed.has(name) }).toEqual({ name, exposed: true });
    for (const name of ON_FIRST_USE)
      expect({ name, exposed: exposed.has(name) }).toEqual({ name, exposed: false });
  });

  it("a series appears with the first event that touches it", () => {
    const exposed = exposedAt("reads=0&watchers=0&writes=1&otherWrites=0&ryw=0", 2);
    expect(exposed.has("apiserver_watch_cache_events_received_total")).toBe(true);
    expect(exposed.has("apiserver_watch_cache_events_dispatched_total")).toBe(true);
    expect(exposed.has("apiserver_watch_cache_read_wait_seconds")).toBe(false);
  });

  it("1.36 has no dispatch histogram from the start, and the rest as 1.37", () => {
    const exposed = exposedAt(`k8s=1.36&${QUIET}`, 1);
    expect(exposed.has("apiserver_watch_events_dispatch_duration_seconds")).toBe(false);
    expect(exposed.has("watch_cache_capacity")).toBe(true);
    expect(exposed.has("apiserver_watch_cache_events_received_total")).toBe(false);
  });
});
