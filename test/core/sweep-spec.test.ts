import { describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/args.ts";
import { preparedSweep, runSweep } from "../../src/cli/sweep.ts";
import type { PointRunner } from "../../src/cli/sweep-pool.ts";
import { FIGURE_IDS } from "../../src/sweep/figures.ts";
import { SWEEP_CAP_S } from "../../src/sweep/flags.ts";
import type { PointResult } from "../../src/sweep/point.ts";
import { pointText } from "../../src/sweep/points.ts";
import { readSweep } from "../../src/sweep/spec.ts";

// The sweep's flags read into a plan, every bad spec of issue 38's proof list refused in the
// scenario errors' manner, and the threshold search's walk over a figure we choose (a runner that
// answers from the point's text, so the search's logic is checked without running the model).

const read = (...argv: string[]) => {
  const { args, problems } = parseArgs(["--duration", "60", ...argv], 0);
  const sweep = readSweep(args.sweep, { durationS: args.durationS, cores: 2 });
  return { args, plan: sweep.plan, problems: [...problems, ...sweep.problems] };
};

const refused = (argv: string[], ...words: string[]) => {
  const { plan, problems } = read(...argv);
  expect(plan).toBeNull();
  const text = problems.join("\n");
  for (const word of words) expect(text).toContain(word);
};

describe("--sweep: the plan", () => {
  it("spaces the values evenly, both ends included, and makes a grid of two keys and a gate", () => {
    const { plan, problems } = read(
      "--sweep",
      "lag=2000..4000",
      "--sweep",
      "gates=ConsistentListFromCacheSkipTimeoutFallback",
      "--sweep",
      "jitter=0..50",
      "--points",
      "41,3",
    );
    expect(problems).toEqual([]);
    const [lag, gate, jitter] = plan?.dimensions ?? [];
    expect(lag?.values).toHaveLength(41);
    expect(lag?.values[0]).toBe(2000);
    expect(lag?.values[1]).toBe(2050);
    expect(lag?.values[40]).toBe(4000);
    expect(gate?.values).toEqual([false, true]);
    expect(jitter?.values).toEqual([0, 25, 50]);
    expect(plan?.jobs).toBe(2);
  });

  it("rounds a whole-number key's values, and puts a range inside a fault's value", () => {
    const ryw = read("--sweep", "ryw=0..10", "--points", "4").plan?.dimensions[0];
    expect(ryw?.values).toEqual([0, 3, 7, 10]);
    const herd = read("--sweep", "herd=500@10..40", "--points", "4").plan?.dimensions[0];
    expect(herd).toMatchObject({ key: "herd", template: "500@{}", values: [10, 20, 30, 40] });
  });
});

describe("--sweep: every bad spec is refused, saying what is wrong and what is allowed", () => {
  it("a reversed range, and an empty one", () => {
    refused(
      ["--sweep", "lag=4000..2000", "--points", "5"],
      "the range 4000..2000 runs backwards",
      "A < B",
    );
    refused(["--sweep", "lag=300..300", "--points", "5"], "is empty");
  });

  it("zero or one point, or none given", () => {
    for (const points of ["0", "1"]) {
      refused(["--sweep", "lag=0..100", "--points", points], `--points "${points}"`, "2 … 1000");
    }
    refused(["--sweep", "lag=0..100"], "--sweep needs --points");
  });

  it("an unknown key, a key that is not numeric, a range outside the key's values", () => {
    refused(["--sweep", "bogus=1..5", "--points", "3"], '"bogus" is not a scenario key');
    refused(
      ["--sweep", "rywRead=1..2", "--points", "3"],
      "rywRead is not numeric (it takes one of consistent, pinned)",
    );
    refused(["--sweep", "lag=0..70000", "--points", "3"], "lag takes a number 0 … 60000");
    refused(["--sweep", "lag=2000", "--points", "3"], "exactly one range A..B");
    refused(["--sweep", "k8s=1..2", "--points", "3"], "k8s is not numeric (it takes one of 1.33");
  });

  it("a range whose ends are not plain numbers: signed, or with more number beside them", () => {
    for (const range of ["-5..100", "0..1e400", "0..1.5.5", "+1..3", "1..3e2"]) {
      refused(
        ["--sweep", `lag=${range}`, "--points", "3"],
        "exactly one range A..B of plain numbers",
      );
    }
    refused(["--sweep", "herd=500@-10..60", "--points", "3"], "exactly one range A..B");
  });

  it("more points than a whole-number range holds", () => {
    refused(["--sweep", "ryw=0..3", "--points", "6"], "0..3 holds only 4");
  });

  it("a predicate on an unknown figure, or one that is not a test", () => {
    refused(
      ["--sweep", "lag=0..10000", "--find", "bogus>0", "--precision", "10"],
      '"bogus" is not a figure; the figures are fallbacks, fallbacks_per_s',
    );
    refused(
      ["--sweep", "lag=0..10000", "--find", "fallbacks", "--precision", "10"],
      "<figure><op><number>",
    );
    refused(["--sweep", "lag=0..10000", "--find", "fallbacks>0"], "--find needs --precision");
    const { problems } = read(
      "--sweep",
      "lag=0..10000",
      "--find",
      "fallbacks>0",
      "--precision",
      "0",
    );
    expect(problems).toEqual([`--precision "0" is not a number > 0 (in the swept key's unit)`]);
  });

  it("a sweep over the cap, with the cap and the product named", () => {
    refused(
      ["--sweep", "lag=0..10000", "--sweep", "jitter=0..100", "--points", "50", "--seeds", "3"],
      "2,500 points × 3 seeds × 60 s = 450,000 simulated seconds",
      `over the cap of ${SWEEP_CAP_S.toLocaleString("en-US")}`,
    );
  });

  it("a figure to print that does not exist, named with the figures there are", () => {
    refused(
      ["--sweep", "lag=0..10", "--points", "2", "--figures", "fallbacks,p99,fallback"],
      '--figures: "p99", "fallback" are not figures; the figures are fallbacks,',
    );
    const { plan } = read(
      "--sweep",
      "lag=0..10",
      "--points",
      "2",
      "--figures",
      "ring_capacity,fallbacks",
    );
    expect(plan?.figures).toEqual(["ring_capacity", "fallbacks"]);
  });

  it("--format with a sweep, and sweep flags without --sweep", () => {
    refused(
      ["--sweep", "lag=0..10", "--points", "2", "--format", "prom"],
      "--format does not apply to a sweep",
    );
    const { problems } = read("--points", "5", "--output", "csv");
    expect(problems).toEqual([
      "--points applies only to --sweep",
      "--output applies only to --sweep",
    ]);
  });

  it("a key swept twice, and a twin", () => {
    refused(
      ["--sweep", "lag=0..10", "--sweep", "lag=20..30", "--points", "2"],
      "lag is swept twice",
    );
    const { args, plan } = read(
      "--scenario",
      "twin=lag%3D10",
      "--sweep",
      "lag=0..10",
      "--points",
      "2",
    );
    if (plan === null) throw new Error("the plan should be read");
    expect(preparedSweep(args, plan).problems.join("\n")).toContain(
      "twin= is not accepted with --sweep",
    );
  });

  it("a point the scenario refuses, named, with the scenario's words", () => {
    const { args, plan } = read("--sweep", "herd=500@10..100", "--points", "2");
    if (plan === null) throw new Error("the plan should be read");
    const problems = preparedSweep(args, plan).problems.join("\n");
    expect(problems).toContain("at herd=500@100: ");
    expect(problems).toContain("herd=500@100 starts at or after the run's end (--duration 60)");
  });
});

describe("--sweep: each point's scenario", () => {
  it("sets the gate off and on beside the scenario's other gates, and the seed", () => {
    const { args, plan } = read(
      "--scenario",
      "k8s=1.37&gates=ListFromCacheSnapshot=false&seed=7",
      "--sweep",
      "gates=ConsistentListFromCacheSkipTimeoutFallback",
      "--seeds",
      "2",
    );
    if (plan === null) throw new Error("the plan should be read");
    const prepared = preparedSweep(args, plan);
    expect(prepared.problems).toEqual([]);
    const texts = prepared.points.flatMap((values) =>
      prepared.seeds.map((seed) => pointText(prepared.base.text, plan.dimensions, values, seed)),
    );
    const read1 = (text: string) => [
      new URLSearchParams(text).get("gates"),
      new URLSearchParams(text).get("seed"),
    ];
    expect(texts.map(read1)).toEqual([
      ["ListFromCacheSnapshot=false,ConsistentListFromCacheSkipTimeoutFallback=false", "7"],
      ["ListFromCacheSnapshot=false,ConsistentListFromCacheSkipTimeoutFallback=false", "8"],
      ["ListFromCacheSnapshot=false,ConsistentListFromCacheSkipTimeoutFallback=true", "7"],
      ["ListFromCacheSnapshot=false,ConsistentListFromCacheSkipTimeoutFallback=true", "8"],
    ]);
  });

  it("sweeps the seed itself", () => {
    const { args, plan } = read("--sweep", "seed=1..3", "--points", "3");
    if (plan === null) throw new Error("the plan should be read");
    const prepared = preparedSweep(args, plan);
    expect(prepared.problems).toEqual([]);
    const seeds = prepared.points.map((values) =>
      new URLSearchParams(pointText(prepared.base.text, plan.dimensions, values, 1)).getAll("seed"),
    );
    expect(seeds).toEqual([["1"], ["2"], ["3"]]);
  });
});

/** A runner whose figure `fallbacks` is `figure(lag, seed)` of the point, every other figure 0. */
function fakeRunner(figure: (lag: number, seed: number) => number, asked: number[][]): PointRunner {
  const index = FIGURE_IDS.indexOf("fallbacks");
  return async (jobs, onDone) => {
    asked.push(jobs.map((job) => Number(new URLSearchParams(job.text).get("lag"))));
    return jobs.map((job): PointResult => {
      onDone();
      const point = new URLSearchParams(job.text);
      const figures = FIGURE_IDS.map(() => 0);
      figures[index] = figure(Number(point.get("lag")), Number(point.get("seed")));
      return { figures, traceHash: "0" };
    });
  };
}

/** The search's output over lag=0..10000 to 10, run on `runner`. */
async function searchOn(runner: PointRunner, ...extra: string[]) {
  const { args, plan, problems } = read(
    "--sweep",
    "lag=0..10000",
    "--find",
    "fallbacks>0",
    "--precision",
    "10",
    ...extra,
  );
  expect(problems).toEqual([]);
  if (plan === null) throw new Error("no plan");
  let out = "";
  const io = {
    wallNowMs: () => 0,
    progress: () => {},
    out: (t: string) => {
      out += t;
    },
    interactive: false,
  };
  await runSweep(args, plan, preparedSweep(args, plan), runner, io);
  return out;
}

async function search(figure: (lag: number) => number) {
  const asked: number[][] = [];
  const out = await searchOn(fakeRunner(figure, asked));
  return { out, asked };
}

describe("--find: the threshold search", () => {
  it("brackets a step to the precision, starting from the ends and quarter points", async () => {
    const { out, asked } = await search((lag) => (lag >= 2847 ? 3 : 0));
    expect(asked[0]).toEqual([0, 2500, 5000, 7500, 10000]);
    expect(out).toContain("changes between lag=2840 and lag=2850, threshold ≈ 2845");
    expect(out).toContain("lag=2840 (fallbacks>0 fails: fallbacks=0): #lag=2840&seed=1");
    expect(out).toContain("lag=2850 (fallbacks>0 holds: fallbacks=3): #lag=2850&seed=1");
    expect(out).toContain("monotone at every point run");
  });

  it("answers in words when the test holds or fails over the whole range", async () => {
    expect((await search(() => 1)).out).toContain("holds over the whole range");
    const fails = await search(() => 0);
    expect(fails.out).toContain("fails over the whole range");
    expect(fails.out).not.toContain("threshold ≈");
    expect(fails.asked).toHaveLength(1);
  });

  it("says when the figure is not monotone, and where it turns back", async () => {
    const { out } = await search((lag) => (lag >= 2000 && lag < 6000 ? 1 : 0));
    expect(out).toContain("NOT monotone: the test changes back at lag=7500");
    expect(out).toContain("changes between lag=1990 and lag=2000");
  });

  it("searches each seed and reports the threshold's spread", async () => {
    // The threshold moves with the seed: 2000, 3000, 4000.
    const runner = fakeRunner((lag, seed) => (lag >= 1000 + 1000 * seed ? 1 : 0), []);
    const out = await searchOn(runner, "--seeds", "3");
    expect(out).toContain(
      "spread of the threshold over 3 seeds (3 with a threshold): min 1995, median 2995, max 3995",
    );
  });
});
