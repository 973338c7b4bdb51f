import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, importsBetween } from "./import-graph.ts";

// The model's layering, as a test: no import cycle anywhere in src/sim, etcd knows nothing of the
// apiserver (both speak the neutral storage/ contract, as upstream's etcd3 store and cacher both
// implement pkg/storage), and the generic structures in lib/ know nothing of the domain.

const ROOT = resolve(import.meta.dirname, "../..");
const graph = importGraph(ROOT, "src/sim");

describe("src/sim's import graph", () => {
  it("has no cycle", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("keeps etcd/ free of apiserver/ and world/", () => {
    expect(importsBetween(graph, "src/sim/etcd/", "src/sim/apiserver/")).toEqual([]);
    expect(importsBetween(graph, "src/sim/etcd/", "src/sim/world/")).toEqual([]);
  });

  it("keeps storage/ and lib/ below the components that use them", () => {
    for (const layer of ["src/sim/storage/", "src/sim/lib/"]) {
      for (const above of ["apiserver/", "etcd/", "world/", "scenario/"]) {
        expect(importsBetween(graph, layer, `src/sim/${above}`)).toEqual([]);
      }
    }
  });
});

describe("the import graph reader", () => {
  // A fixture graph, so the checks above are known to see what they look for.
  const fixture = new Map([
    ["src/sim/a.ts", ["src/sim/b.ts"]],
    ["src/sim/b.ts", ["src/sim/c.ts"]],
    ["src/sim/c.ts", ["src/sim/a.ts"]],
    ["src/sim/d.ts", ["src/sim/d.ts"]],
    ["src/sim/etcd/kv.ts", ["src/sim/apiserver/errors.ts"]],
  ]);

  it("finds a three-file cycle, a self-import and a forbidden edge", () => {
    expect(importCycles(fixture)).toEqual([
      ["src/sim/a.ts", "src/sim/b.ts", "src/sim/c.ts"],
      ["src/sim/d.ts"],
    ]);
    expect(importsBetween(fixture, "src/sim/etcd/", "src/sim/apiserver/")).toEqual([
      "src/sim/etcd/kv.ts imports src/sim/apiserver/errors.ts",
    ]);
  });

  it("reads type-only, re-export and multi-line imports from the real tree", () => {
    expect(graph.get("src/sim/apiserver/cacher.ts")).toContain("src/sim/scheduler.ts");
    expect(graph.size).toBeGreaterThan(100);
  });
});
