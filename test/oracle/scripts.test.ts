import { describe, expect, it } from "vitest";
import { fnv1a64 } from "../../src/sim/script/fnv.ts";
import { readScript } from "../../src/sim/script/format.ts";
import { randomScript } from "../../src/sim/script/random-script.ts";
import { runScript } from "../../src/sim/script/run-script.ts";

// The script format's checks, the scripts drawn at random, and what the model reports per request.

describe("scripts drawn at random", () => {
  const scripts = Array.from({ length: 60 }, (_, i) => randomScript(i + 1));

  it("are valid scripts, the same for the same seed", () => {
    for (const s of scripts) expect(readScript(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(randomScript(7)).toEqual(randomScript(7));
  });

  it("never put two items at one instant", () => {
    for (const s of scripts) {
      const times = [...s.timeline.map((t) => t.atNs), ...s.requests.map((r) => r.atNs)];
      expect(new Set(times).size).toBe(times.length);
    }
  });

  it("reach every read kind, lags around the wall, restarts, compactions, stalls and both gates", () => {
    const reqs = scripts.flatMap((s) => s.requests);
    expect(
      new Set(reqs.map((r) => `${r.rv === "" ? "" : r.rv === "0" ? "0" : "N"}/${r.rvm}`)),
    ).toEqual(new Set(["/", "0/", "N/NotOlderThan", "N/Exact", "N/"]));
    const lags = scripts.map((s) => s.world.lagNs / 1e6);
    expect(lags.some((l) => l < 3000) && lags.some((l) => l > 3000)).toBe(true);
    expect(scripts.some((s) => s.timeline.some((t) => t.op === "restart"))).toBe(true);
    expect(scripts.some((s) => s.timeline.some((t) => t.op === "compact"))).toBe(true);
    expect(scripts.some((s) => s.world.stalls.length > 0)).toBe(true);
    expect(scripts.some((s) => s.gates.ConsistentListFromCacheSkipTimeoutFallback === true)).toBe(
      true,
    );
    expect(scripts.some((s) => s.gates.ListFromCacheSnapshot === false)).toBe(true);
  });
});

describe("a script's checks", () => {
  const good = randomScript(3);
  const bad = (change: (s: Record<string, unknown>) => void) => {
    const raw = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
    change(raw);
    return () => readScript(raw);
  };

  it("name what is wrong and what is allowed", () => {
    expect(bad((s) => (s["format"] = "x"))).toThrow(/format: must be "wcl-oracle-script\/1"/);
    expect(bad((s) => ((s["world"] as Record<string, unknown>)["lagNs"] = 1500))).toThrow(
      /world.lagNs: whole milliseconds/,
    );
    expect(bad((s) => ((s["gates"] as Record<string, unknown>)["WatchList"] = true))).toThrow(
      /gates.WatchList: not a modelled gate/,
    );
    expect(
      bad((s) => (s["requests"] = [{ id: "a", atNs: 5, verb: "get", rv: "", rvm: "", limit: 0 }])),
    ).toThrow(/requests\[0\].verb: "list"/);
    expect(bad((s) => (s["timeline"] = [{ atNs: 5, op: "write", pod: 99999 }]))).toThrow(
      /timeline\[0\].pod/,
    );
    expect(bad((s) => ((s["world"] as Record<string, unknown>)["etcdNsPer2KiB"] = 1.5))).toThrow(
      /world.etcdNsPer2KiB: an integer 0 … 20000 ns \(absent: 10000\)/,
    );
  });
});

describe("etcd's cost terms in a script", () => {
  const withTerms = (terms: Record<string, number>) => {
    const raw = JSON.parse(JSON.stringify(randomScript(5))) as Record<string, unknown>;
    raw["world"] = { ...(raw["world"] as Record<string, unknown>), objectBytes: 65536, ...terms };
    return runScript(readScript(raw)).traceHash;
  };

  it("default to the cost before the fit (0 per object, 10 000 ns per 2 KiB)", () => {
    const absent = withTerms({});
    expect(withTerms({ etcdNsPerObject: 0, etcdNsPer2KiB: 10000 })).toBe(absent);
    expect(withTerms({ etcdNsPerObject: 1580, etcdNsPer2KiB: 9200 })).not.toBe(absent);
  });
});

describe("the model's outcome of a script", () => {
  it("reports each page with its keys, token and storage calls", () => {
    const script = readScript({
      format: "wcl-oracle-script/1",
      name: "pages",
      class: "regression",
      source: "by hand",
      k8s: "1.37",
      gates: {},
      world: {
        objects: 5,
        objectBytes: 2048,
        etcdConcurrency: 1,
        etcdLatencyNs: 2_000_000,
        lagNs: 0,
        processRate: 0,
        stalls: [],
        requestTimeoutNs: 60e9,
        compactionIntervalNs: 0,
        durationNs: 1e9,
      },
      timeline: [],
      requests: [{ id: "r1", atNs: 1_000_000, verb: "list", rv: "", rvm: "", limit: 2 }],
    });
    const { outcome } = runScript(script);
    expect(outcome.requests.map((r) => r.id)).toEqual(["r1", "r1.p2", "r1.p3"]);
    const [first, second, last] = outcome.requests;
    // A quorum read costs etcd's latency and one object's 0.01 ms (docs/fidelity.md, "World").
    expect(first?.storageCalls.map((c) => [c.call, c.atNs, c.doneNs])).toEqual([
      ["GetCurrentResourceVersion", 1_000_000, 3_010_000],
    ]);
    expect(first?.answeredAtNs).toBe(3_010_000);
    expect([first?.firstKey, first?.lastKey]).toEqual([
      "/pods/default/pod-0",
      "/pods/default/pod-1",
    ]);
    expect(first?.keysDigest).toBe(fnv1a64("/pods/default/pod-0\n/pods/default/pod-1"));
    expect(first?.continue?.rv).toBe(6);
    expect(second?.firstKey).toBe("/pods/default/pod-2");
    expect(last?.count).toBe(1);
    expect(last?.continue).toBeNull();
  });
});

describe("fnv1a64", () => {
  it("is Go's hash/fnv New64a", () => {
    // Values of Go's fnv.New64a over these bytes.
    expect(fnv1a64("")).toBe("cbf29ce484222325");
    expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
    expect(fnv1a64("foobar")).toBe("85944171f73967e8");
  });
});
