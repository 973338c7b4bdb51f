import { beforeAll, describe, expect, it } from "vitest";
import { FLAGS, parseArgs } from "../../src/cli/args.ts";
import { progressLine, runScenario } from "../../src/cli/run.ts";
import { PRESETS, presetScenarioQuery } from "../../src/content/presets.ts";
import { allowedText, parseScenario, SCENARIO_KEYS } from "../../src/sim/scenario/index.ts";
import { bundleSim, expectRefusal, sim } from "./cli-test-helpers.ts";

beforeAll(bundleSim);

const REQUIRED_SERIES = [
  "apiserver_watch_cache_read_wait_seconds_bucket",
  "apiserver_watch_cache_consistent_read_total",
  "apiserver_watch_cache_events_received_total",
  "apiserver_watch_cache_events_dispatched_total",
  "apiserver_watch_cache_resource_version",
  "watch_cache_capacity",
  "apiserver_watch_cache_initializations_total",
  "watchcachelab_reads_total",
  "watchcachelab_wakeup_timers_started_total",
  "watchcachelab_wakeup_timers_pending",
  "watchcachelab_etcd_requests_total",
  "watchcachelab_etcd_queue_length",
  "watchcachelab_cache_lag_seconds",
];

/** Upstream series a 3 s run with a small ring and no restart never touches: not exposed. */
const UNTOUCHED_SERIES = [
  "watch_cache_capacity_increase_total",
  "watch_cache_capacity_decrease_total",
  "apiserver_terminated_watchers_total",
  "apiserver_watch_cache_initialization_errors_total",
];

const sampleLines = (text: string) =>
  text.split("\n").filter((l) => l !== "" && !l.startsWith("#"));

describe("npm run sim", () => {
  it("refuses a bad flag with exit 2, a message and nothing on stdout", () => {
    const out = sim("--scenario", "", "--duration", "0", "--colour", "red");
    expectRefusal(out, 'unknown argument "--colour"', '--duration "0"');
  });

  it("refuses a scenario with issues and lists every one", () => {
    const out = sim("--scenario", "writes=lots&bogus=1", "--duration", "5", "--format", "xml");
    expectRefusal(out, 'writes: "lots" is not valid', 'unknown key "bogus"', '--format "xml"');
  });

  it("says which part of a schedule point is wrong: the time, not the value", () => {
    const out = sim("--scenario", "lag=10@0,20@99999999", "--duration", "5");
    expectRefusal(out, 'in "20@99999999", the time 99999999 is later than the simulated clock');
    expect(out.stderr).not.toContain("the value");
    const value = sim("--scenario", "lag=10@0,70000@5", "--duration", "5");
    expectRefusal(value, 'in "70000@5", the value "70000" is not a number 0 … 60000');
    expect(value.stderr).not.toContain("the time");
  });

  it("refuses a link from a newer schema without saying what the page would read of it", () => {
    const out = sim("--scenario", "v=99&lag=5", "--duration", "5");
    expectRefusal(out, "v: this link comes from scenario schema version 99, newer than this app");
    expect(out.stderr).not.toContain("what could be read");
  });

  it("refuses a key given twice without saying the page's 'first value is used'", () => {
    expectRefusal(
      sim("--scenario", "lag=1&lag=2", "--duration", "5"),
      "lag is given more than once",
    );
  });

  it("prints every required series in the Prometheus text format", () => {
    const out = sim("--scenario", "reads=50&herd=20@1", "--duration", "3");
    expect(out.status, out.stderr).toBe(0);
    for (const name of REQUIRED_SERIES) expect(out.stdout).toMatch(new RegExp(`^${name}[{ ]`, "m"));
    for (const name of UNTOUCHED_SERIES) expect(out.stdout).not.toContain(`# TYPE ${name} `);
    expect(out.stdout).toContain("# TYPE apiserver_watch_cache_read_wait_seconds histogram");
    expect(out.stdout).toMatch(/le="3"/);
    expect(out.stdout).toMatch(/le="\+Inf"/);
    expect(out.stdout).toContain('group="",resource="pods"');
    expect(out.stdout).not.toContain("run=");
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
    expect(json.twin).toBeUndefined();
  });
});

describe("npm run sim -- --help", () => {
  it("lists every flag, every scenario key with what it accepts, and examples; exit 0", () => {
    for (const flag of ["--help", "-h"]) {
      const out = sim(flag);
      expect(out.status, out.stderr).toBe(0);
      expect(out.stderr).toBe("");
      const text = out.stdout.replace(/\n +/g, " ");
      for (const { name } of FLAGS) expect(text).toContain(`--${name}`);
      for (const [key, descriptor] of Object.entries(SCENARIO_KEYS)) {
        expect(out.stdout).toMatch(new RegExp(`^  ${key}$`, "m"));
        expect(text).toContain(allowedText(descriptor.value));
      }
      expect(text).toContain("Default 20; a number 0 … 20000 or a schedule"); // writes
      expect(out.stdout).toMatch(/Examples:\n {2}npm run sim -- /);
      expect(text).toContain('run="A" or run="B"');
    }
  });

  it("wins over a missing --duration: nothing is run", () => {
    expect(sim("--help", "--scenario", "lag=5").status).toBe(0);
  });
});

describe("npm run sim -- --list-presets / --preset", () => {
  it("prints one preset a line: the name --preset takes, then its title", () => {
    const out = sim("--list-presets");
    expect(out.status, out.stderr).toBe(0);
    const lines = out.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(PRESETS.length);
    PRESETS.forEach((preset, i) => {
      expect(lines[i]).toMatch(
        new RegExp(`^${preset.id} +${preset.title.replace(/[().*+?]/g, "\\$&")}$`),
      );
    });
  });

  it("runs a preset's scenario, with --scenario's keys put over its own", () => {
    const preset = PRESETS.find((p) => p.id === "herd");
    if (preset === undefined) throw new Error("the herd preset is gone");
    const expected = parseScenario(presetScenarioQuery(preset)).scenario;
    const plain = JSON.parse(
      sim("--preset", "herd", "--duration", "11", "--format", "json").stdout,
    );
    expect(plain.scenario).toEqual(JSON.parse(JSON.stringify(expected)));
    const over = sim(
      "--preset",
      "herd",
      "--scenario",
      "lag=700",
      "--duration",
      "11",
      "--format=json",
    );
    expect(over.status, over.stderr).toBe(0);
    const json = JSON.parse(over.stdout);
    expect(json.scenario.lag).toEqual([{ atNs: 0, value: 700 }]);
    expect(json.scenario.herd).toEqual(expected.herd);
  });

  it("refuses a preset it does not know", () => {
    expectRefusal(sim("--preset", "hurd", "--duration", "2"), '--preset "hurd" is not a preset');
  });
});

describe("npm run sim: page keys", () => {
  const twin = "lag=3000&reads=200&twin=lag%3D10";

  it("twin runs A and B and labels every series run=A or run=B", () => {
    const out = sim("--scenario", twin, "--duration", "5");
    expect(out.status, out.stderr).toBe(0);
    const samples = sampleLines(out.stdout);
    for (const line of samples) expect(line).toMatch(/run="[AB]"/);
    const lag = (run: string) =>
      Number(
        samples
          .find(
            (l) => l.startsWith("watchcachelab_cache_lag_seconds") && l.includes(`run="${run}"`),
          )
          ?.split(" ")[1],
      );
    expect(lag("A")).toBeGreaterThan(2);
    expect(lag("B")).toBeLessThan(0.5);
    // Each family once, both runs under it.
    const types = out.stdout.split("\n").filter((l) => l.startsWith("# TYPE"));
    expect(new Set(types).size).toBe(types.length);
  });

  it("twin in JSON: run B's scenario and hash beside A's, samples labelled", () => {
    const json = JSON.parse(sim("--scenario", twin, "--duration", "3", "--format", "json").stdout);
    expect(json.scenario.lag).toEqual([{ atNs: 0, value: 3000 }]);
    expect(json.twin.scenario.lag).toEqual([{ atNs: 0, value: 10 }]);
    expect(json.twin.scenario.reads).toEqual(json.scenario.reads);
    const runs = json.metrics.watchcachelab_cache_lag_seconds.map(
      (s: { labels: { run: string } }) => s.labels.run,
    );
    expect(runs).toEqual(["A", "B"]);
  });

  it("refuses a bad twin in the command line's words", () => {
    const out = sim("--scenario", "twin=bogus%3D1", "--duration", "3");
    expectRefusal(out, 'twin: "bogus" is not a run key');
  });

  it("refuses t with exit 2: the command line runs from 0", () => {
    const out = sim("--scenario", "lag=50&t=30", "--duration", "60");
    expectRefusal(out, "t=30 is not accepted", "runs from second 0");
  });

  it("accepts a whole page link, as the address bar or Share gives it", () => {
    const link = "http://127.0.0.1:4202/#v=3&ryw=500&lag=3500";
    const whole = sim("--scenario", link, "--duration", "3");
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stderr).toBe("");
    // Nothing of the link is lost: the run is the one its fragment describes.
    expect(whole.stdout).toBe(sim("--scenario", "v=3&ryw=500&lag=3500", "--duration", "3").stdout);
    const query = sim(
      "--scenario",
      "https://lab.example/watch/?lag=3500&ryw=500",
      "--duration",
      "3",
    );
    expect(query.stdout).toBe(whole.stdout);
  });

  it("drops a whole link's t with a note on stderr and runs from 0", () => {
    const out = sim("--scenario", "http://127.0.0.1:4202/#lag=50&t=30", "--duration", "3");
    expect(out.status, out.stderr).toBe(0);
    expect(out.stderr).toBe(
      "sim: note: the link's t=30 is dropped: the command line always runs from second 0 for --duration seconds\n",
    );
    expect(out.stdout).toBe(sim("--scenario", "lag=50", "--duration", "3").stdout);
  });

  it("refuses a fault that starts after the run's end, naming it and the end", () => {
    const out = sim("--scenario", "herd=500@1000,20@2&restart=60", "--duration", "60");
    expectRefusal(
      out,
      "scenario: herd=500@1000 starts at or after the run's end (--duration 60): it would never happen",
      "scenario: restart=60 starts at or after the run's end (--duration 60)",
    );
    // The herd inside the run is not named: only what cannot happen is refused.
    expect(out.stderr).not.toContain("herd=20@2");
    const inside = sim("--scenario", "herd=500@10&stall=50-70", "--duration", "60");
    expect(inside.status, inside.stderr).toBe(0);
    // The page, whose runs have no end, keeps the late herd.
    const page = parseScenario("herd=500@1000");
    expect(page.issues).toEqual([]);
    expect(page.scenario.herd).toEqual([{ clients: 500, atNs: 1000e9 }]);
  });

  it("ignores the other page keys: the run is the same", () => {
    const plain = sim("--scenario", "lag=50", "--duration", "3");
    const keyed = sim("--scenario", "lag=50&speed=4&tour=wall&embed=1", "--duration", "3");
    expect(keyed.status, keyed.stderr).toBe(0);
    expect(keyed.stdout).toBe(plain.stdout);
  });
});

describe("npm run sim -- --format openmetrics", () => {
  const START = "2026-12-01T09:00:00Z";
  const START_S = Date.parse(START) / 1000;

  it("samples every series every --step seconds from --start and ends with # EOF", () => {
    const out = sim(
      "--scenario",
      "lag=800&reads=80",
      "--duration",
      "30",
      "--format",
      "openmetrics",
      "--step",
      "10",
      "--start",
      START,
    );
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout.endsWith("\n# EOF\n")).toBe(true);
    const samples = sampleLines(out.stdout);
    const times = new Set(samples.map((l) => Number(l.split(" ").at(-1))));
    expect([...times].sort()).toEqual([0, 10, 20, 30].map((t) => START_S + t));
    for (const line of samples) expect(line).toContain('scenario="v=3&reads=80&lag=800"');
    // A counter's family is named without _total in OpenMetrics, its samples with it.
    expect(out.stdout).toContain("# TYPE apiserver_watch_cache_events_received counter\n");
    // The last scrape is the run's end: the same figures `prom` prints.
    const prom = sampleLines(sim("--scenario", "lag=800&reads=80", "--duration", "30").stdout);
    const withoutScenario = (line: string) =>
      line
        .replace(/,?scenario="[^"]*",?/, (m) => (m.startsWith(",") && m.endsWith(",") ? "," : ""))
        .replace("{}", "")
        .replace(/ \d+$/, "");
    const last = samples.filter((l) => l.endsWith(` ${START_S + 30}`)).map(withoutScenario);
    expect(last.length).toBeGreaterThan(50);
    expect(last.sort()).toEqual(prom.sort());
  });

  it("ends at now rounded down to the minute when neither --start nor --end is given", () => {
    const times = (stdout: string) => sampleLines(stdout).map((l) => Number(l.split(" ").at(-1)));
    const before = Math.floor(Date.now() / 60_000) * 60;
    const out = sim("--duration", "600", "--format", "openmetrics", "--step", "60");
    const after = Math.floor(Date.now() / 60_000) * 60;
    expect(out.status, out.stderr).toBe(0);
    const last = Math.max(...times(out.stdout));
    expect(last % 60).toBe(0);
    expect(last).toBeGreaterThanOrEqual(before);
    expect(last).toBeLessThanOrEqual(after);
    // Ten minutes of run end now: they begin ten minutes ago, not ten minutes ahead.
    expect(Math.min(...times(out.stdout))).toBe(last - 600);
  });

  it("puts the last sample at --end: the last multiple of --step, 90 s after 0 for 100 s", () => {
    const out = sim(
      ...["--duration", "100", "--format", "openmetrics", "--step", "30"],
      ...["--end", "2026-12-01T09:01:30Z"],
    );
    expect(out.status, out.stderr).toBe(0);
    const times = new Set(sampleLines(out.stdout).map((l) => Number(l.split(" ").at(-1))));
    expect([...times].sort()).toEqual([0, 30, 60, 90].map((t) => START_S + t));
  });

  it("takes --start and --end together only when they agree with --duration", () => {
    const both = (end: string) =>
      sim(...["--duration", "120", "--format", "openmetrics", "--start", START], ...["--end", end]);
    expect(both("2026-12-01T09:02:00Z").status).toBe(0);
    expectRefusal(
      both("2026-12-01T09:10:00Z"),
      "--start and --end are 600 s apart, but the last sample of --duration 120 with --step 15 is at 120 s",
    );
    expectRefusal(
      sim("--duration", "5", "--end", "2026-12-01T09:10:00Z"),
      "--end applies only to --format openmetrics",
    );
    expectRefusal(
      sim("--duration", "5", "--format", "openmetrics", "--end", "tomorrow"),
      '--end "tomorrow" is not an RFC 3339 time',
    );
  });

  it("refuses --step and --start that are bad or come without openmetrics", () => {
    expectRefusal(
      sim("--duration", "5", "--step", "10"),
      "--step applies only to --format openmetrics",
    );
    expectRefusal(
      sim(
        "--duration",
        "5",
        "--format",
        "openmetrics",
        "--step",
        "0",
        "--start",
        "2026-02-30T00:00:00Z",
      ),
      '--step "0" is not a whole number of seconds in 1 … 3600',
      '--start "2026-02-30T00:00:00Z" is not an RFC 3339 time',
    );
  });

  it("accepts an RFC 3339 offset: the timestamps are the same instant", () => {
    const out = sim(
      "--duration",
      "1",
      "--format",
      "openmetrics",
      "--start",
      "2026-12-01T10:00:00+01:00",
    );
    expect(out.status, out.stderr).toBe(0);
    expect(sampleLines(out.stdout)[0]?.endsWith(` ${START_S}`)).toBe(true);
  });
});

describe("progress of a long run", () => {
  // About 2.5 s of CPU (measured with scenario version 2): well past the 1 s after which progress
  // is shown, even on a quiet machine (reads=2000 took 1.2 s, too close to the threshold).
  it("is reported on stderr with the time left, and not mixed into stdout", {
    timeout: 60_000,
  }, () => {
    const out = sim("--scenario", "reads=6000", "--duration", "480", "--format", "json");
    expect(out.status, out.stderr).toBe(0);
    expect(out.stderr).toMatch(
      /^sim: \d+ of 480 s simulated \(\d+ %\), [\d.]+ s so far, about [\d.]+ s left$/m,
    );
    expect(() => JSON.parse(out.stdout)).not.toThrow();
  });

  it("is not shown for a short run", () => {
    const out = sim("--duration", "5");
    expect(out.status).toBe(0);
    expect(out.stderr).toBe("");
  });

  it("rewrites one line on a terminal and ends it when the run is done", () => {
    let clockMs = 0;
    const written: string[] = [];
    const { args } = parseArgs(["--duration", "6"], 0);
    runScenario([{ scenario: parseScenario("").scenario }], args, {
      // Each look at the clock finds 400 ms more: the run "takes" about 3 s.
      wallNowMs: () => (clockMs += 400),
      progress: (line) => written.push(line),
      out: () => {},
      interactive: true,
    });
    expect(written.length).toBeGreaterThan(1);
    const ERASE_TO_END = "\u001b[K";
    for (const line of written.slice(0, -1)) {
      expect(line.startsWith("\rsim: ")).toBe(true);
      expect(line.endsWith(` s left${ERASE_TO_END}`)).toBe(true);
    }
    expect(written.at(-1)).toBe("\n");
  });

  it("estimates the time left from the pace so far", () => {
    expect(progressLine(150, 600, 2)).toBe(
      "sim: 150 of 600 s simulated (25 %), 2.0 s so far, about 6.0 s left",
    );
    expect(progressLine(60, 3600, 3)).toContain("about 177 s left");
  });
});
