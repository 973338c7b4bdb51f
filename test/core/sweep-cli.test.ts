import { beforeAll, describe, expect, it } from "vitest";
import { type CliSample, cliEnd } from "../../e2e/helpers/cli-runs.ts";
import { expectedKeyMetric, expectedSince } from "../../e2e/helpers/decision-expected.ts";
import { bundleSim, expectRefusal, sim } from "./cli-test-helpers.ts";

// `npm run sim -- --sweep …` as an operator runs it: a point is the run alone (the same trace, and
// figures that the run's own Prometheus text gives when read independently, as issue 36's browser
// tests read it), the output does not depend on --jobs, and a search's bracketing runs, run alone,
// fall on either side of the threshold.

beforeAll(bundleSim);

const ok = (out: ReturnType<typeof sim>) => {
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
};

const jsonLines = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));

/** The link's scenario text (the jsonl's `link` is the page's fragment). */
const linkScenario = (link: string) => link.replace(/^#/, "");

/** Each figure of a point as the single run's Prometheus text gives it (e2e/helpers' readers). */
function fromPrometheus(samples: readonly CliSample[]): Record<string, number | null> {
  // A run alone carries no run label.
  const run = undefined as unknown as string;
  const since = (id: string) => expectedSince(samples, run, id).value;
  const key = (label: string) => expectedKeyMetric(samples, run, label)?.value ?? null;
  return {
    fallbacks: key("fallbacks to etcd"),
    answers_429: since("429"),
    answers_504: since("504"),
    failed_lists: since("failed"),
    retries: since("retries"),
    p50_consistent: since("p50:consistent"),
    p99_consistent: since("p99:consistent"),
    p99_rv0: since("p99:rv0"),
    read_wait_p99: key("read-wait p99 so far"),
    etcd_fallback_lists: since("fallbackLists"),
    etcd_delegated_lists: since("delegatedLists"),
    etcd_busy_slot_s: since("busy"),
    etcd_bytes: since("bytes"),
    list_memory_peak_bytes: since("listBytesPeak"),
    ring_capacity: key("ring capacity"),
  };
}

describe("npm run sim -- --sweep", () => {
  it("gives each point the figures and the trace of the same scenario run alone", () => {
    const base = "reads=300&writes=400&herd=300@5";
    const points = jsonLines(
      ok(
        sim(
          "--scenario",
          base,
          "--duration",
          "20",
          "--sweep",
          "lag=2500..3500",
          "--points",
          "2",
          "--output",
          "jsonl",
          "--jobs",
          "2",
        ),
      ),
    );
    expect(points.map((p) => p.lag)).toEqual([2500, 3500]);
    for (const point of points) {
      const text = linkScenario(point.link);
      const alone = JSON.parse(ok(sim("--scenario", text, "--duration", "20", "--format", "json")));
      expect(point.runs[0].traceHash).toBe(alone.traceHash);
      const expected = fromPrometheus(cliEnd(text, 20));
      for (const [id, value] of Object.entries(expected)) {
        if (value === null) expect(point.figures[id] ?? null, id).toBeNull();
        else expect(point.figures[id], id).toBeCloseTo(value, 9);
      }
      expect(point.figures.fallbacks_per_s).toBeCloseTo((expected["fallbacks"] ?? 0) / 20, 12);
    }
    // The lag moves what a sweep is for: the two points differ.
    expect(points[1].figures.fallbacks).toBeGreaterThan(points[0].figures.fallbacks);
  });

  // Seven command-line sweeps of 12 runs each: minutes on a loaded two-core machine.
  it("prints the same bytes whatever --jobs, in every output", { timeout: 240_000 }, () => {
    const args = [
      "--scenario",
      "reads=300&writes=400&herd=200@4",
      "--duration",
      "10",
      "--sweep",
      "lag=1000..4000",
      "--sweep",
      "gates=ConsistentListFromCacheSkipTimeoutFallback",
      "--points",
      "3",
      "--seeds",
      "2",
    ];
    for (const output of ["csv", "jsonl", "table"]) {
      const one = ok(sim(...args, "--output", output, "--jobs", "1"));
      const three = ok(sim(...args, "--output", output, "--jobs", "3"));
      expect(three).toBe(one);
      expect(one.trimEnd().split("\n")).toHaveLength(output === "jsonl" ? 6 : 7);
    }
    const csv = ok(sim(...args, "--output", "csv", "--jobs", "2")).split("\n");
    expect(csv[0]).toMatch(
      /^lag,ConsistentListFromCacheSkipTimeoutFallback,fallbacks_min,fallbacks_median,fallbacks_max,/,
    );
    expect(csv[1]).toMatch(/^1000,off,/);
    expect(csv[2]).toMatch(/^1000,on,/);
  });

  it("reports progress and the total on stderr, never on stdout; prints the figures asked", () => {
    const out = sim(
      ...["--duration", "5", "--sweep", "lag=0..100", "--points", "2", "--jobs", "1"],
      ...["--output", "csv", "--figures", "ring_capacity,fallbacks"],
    );
    expect(ok(out)).toMatch(/^lag,ring_capacity,fallbacks\n0,\d+,0\n100,\d+,0\n$/);
    const schedule = sim(
      ...["--duration", "5", "--sweep", "writes=20@0,100..200@2", "--points", "2"],
      ...["--output", "csv", "--figures", "ring_capacity"],
    );
    expect(ok(schedule)).toMatch(/^"writes=20@0,\{\}@2",ring_capacity\n100,\d+\n200,\d+\n$/);
    expect(out.stderr).toMatch(/^sweep: 2 runs in \d+\.\d s with 1 job$/m);
  });

  it("refuses bad sweep flags all at once: exit 2, nothing on stdout", () => {
    const out = sim(
      "--duration",
      "30",
      "--sweep",
      "lag=4000..2000",
      "--sweep",
      "rywRead=0..1",
      "--points",
      "1",
      "--format",
      "openmetrics",
    );
    expectRefusal(
      out,
      "runs backwards",
      "rywRead is not numeric",
      '--points "1"',
      "--format does not apply to a sweep",
    );
  });
});

describe("npm run sim -- --find", () => {
  it("finds where fallbacks start, and the bracketing runs alone fall on either side", () => {
    const [answer] = jsonLines(
      ok(
        sim(
          "--duration",
          "30",
          "--sweep",
          "lag=0..10000",
          "--find",
          "fallbacks>0",
          "--precision",
          "100",
          "--output",
          "jsonl",
        ),
      ),
    );
    expect(answer.answer).toBe("threshold");
    expect(answer.monotone).toBe(true);
    expect(answer.high.value - answer.low.value).toBeLessThanOrEqual(100);
    const fallbacksAlone = (link: string) =>
      expectedKeyMetric(
        cliEnd(linkScenario(link), 30),
        undefined as unknown as string,
        "fallbacks to etcd",
      )?.value;
    expect(fallbacksAlone(answer.low.link)).toBe(0);
    expect(fallbacksAlone(answer.high.link)).toBeGreaterThan(0);
    expect(answer.high.fallbacks).toBe(fallbacksAlone(answer.high.link));
  });

  it("says so when the test holds over the whole range", () => {
    const out = ok(
      sim(
        "--duration",
        "5",
        "--sweep",
        "lag=0..100",
        "--find",
        "fallbacks>=0",
        "--precision",
        "10",
      ),
    );
    expect(out).toContain(
      "fallbacks>=0 over lag=0..100 (precision 10), seed 1: holds over the whole range",
    );
    expect(out).not.toContain("threshold ≈");
  });
});
