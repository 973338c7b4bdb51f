import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scriptFor } from "../../src/conformance/oracle/versions.ts";
import { readScript } from "../../src/sim/script/format.ts";
import { runScript } from "../../src/sim/script/run-script.ts";

// upstream: cacher/compactor.go exists from release-1.34: with ListFromCacheSnapshot on it drops,
// every 15 s, the snapshots below etcd's compacted revision. release-1.33 starts no compactor, so
// its snapshots below a compaction stay until the history ring or a relist drops them. Found by
// the oracle on seed 1321 (v0.33.13): r10, a legacy exact LIST at RV 21 after a compaction, was
// served from the cache by the real 1.33 and sent to etcd by the model, whose compactor had
// dropped the snapshot.

const NAME = "regression-1-33-keeps-snapshots-below-a-compaction";
const script = readScript(
  JSON.parse(readFileSync(`test/oracle/corpus/${NAME}.script.json`, "utf8")),
);
const r10 = (k8s: "1.33" | "1.34") => {
  const page = runScript(scriptFor(script, k8s)).outcome.requests.find((r) => r.id === "r10");
  if (page === undefined) throw new Error("no r10 in the outcome");
  return page;
};

describe("snapshots below a compaction (ListFromCacheSnapshot on)", () => {
  it("serve an exact LIST from the cache in 1.33, which has no compactor", () => {
    const page = r10("1.33");
    expect([page.code, page.storageCalls]).toEqual([200, []]);
  });

  it("are gone from 1.34 on: the LIST goes to etcd", () => {
    const page = r10("1.34");
    expect([page.code, page.storageCalls.map((c) => c.call)]).toEqual([200, ["GetList"]]);
  });
});
