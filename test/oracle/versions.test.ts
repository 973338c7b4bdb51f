import { describe, expect, it } from "vitest";
import { checkSubset } from "../../src/conformance/oracle/ci-subset.ts";
import { corpusFor } from "../../src/conformance/oracle/corpus.ts";
import { scriptFor, versionsToRun } from "../../src/conformance/oracle/versions.ts";
import { gatesFor } from "../../src/sim/scenario/index.ts";
import { randomScript } from "../../src/sim/script/random-script.ts";

// One corpus, run by every minor under its own `k8s` (docs/oracle-harness.md, "Versions"), and the
// part of it `npm run oracle -- --check` re-derives.

const fail = (message: string): never => {
  throw new Error(message);
};

describe("a script as an older minor runs it", () => {
  const withSkipGate = Array.from({ length: 40 }, (_, i) => randomScript(i + 1)).find(
    (s) => s.gates.ConsistentListFromCacheSkipTimeoutFallback === true,
  );
  if (withSkipGate === undefined) throw new Error("no random script of seeds 1…40 sets the gate");

  it("keeps its world and requests, takes the minor's k8s, and drops gates the minor lacks", () => {
    const old = scriptFor(withSkipGate, "1.36");
    expect(old.k8s).toBe("1.36");
    expect(old.world).toEqual(withSkipGate.world);
    expect(old.requests).toEqual(withSkipGate.requests);
    expect(gatesFor("1.36").ConsistentListFromCacheSkipTimeoutFallback.exists).toBe(false);
    expect(old.gates.ConsistentListFromCacheSkipTimeoutFallback).toBeUndefined();
    expect(scriptFor(withSkipGate, "1.37")).toBe(withSkipGate);
  });

  it("keeps a gate the minor has", () => {
    const s = { ...withSkipGate, gates: { ListFromCacheSnapshot: false } };
    expect(scriptFor(s, "1.34").gates).toEqual({ ListFromCacheSnapshot: false });
  });
});

describe("the minors a corpus command covers", () => {
  it("is the one asked for, and refuses one without a harness", () => {
    expect(versionsToRun([], "1.35", [], fail)).toEqual(["1.35"]);
    expect(() => versionsToRun([], "1.32", [], fail)).toThrow(/--k8s: one of 1.33, 1.34/);
  });

  it("checks every minor with committed outcomes, regenerates every minor with a harness", () => {
    expect(versionsToRun(["--check"], undefined, ["1.36", "1.37"], fail)).toEqual(["1.36", "1.37"]);
    expect(versionsToRun([], undefined, [], fail)).toEqual([
      "1.33",
      "1.34",
      "1.35",
      "1.36",
      "1.37",
    ]);
    expect(() => versionsToRun(["--model-only"], undefined, [], fail)).toThrow(/no committed/);
  });
});

describe("the subset --check re-derives", () => {
  const corpus = corpusFor("1.37", 100);
  const subset = checkSubset(corpus);

  it("is the corpus but its two largest worlds, in corpus order", () => {
    const left = corpus.filter((s) => !subset.includes(s));
    expect(left.map((s) => s.name).sort()).toEqual([
      "canary-relist-deadline",
      "canary-request-deadline",
    ]);
    expect(subset).toEqual(corpus.filter((s) => subset.includes(s)));
  });
});
