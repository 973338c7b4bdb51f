import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph } from "./import-graph.ts";

// Beyond the model's own layering (sim-imports.test.ts): no two files anywhere in src import each
// other, even for a type, so each can be read (and changed) without the other.

const ROOT = resolve(import.meta.dirname, "../..");

describe("src's import graph", () => {
  it("has no cycle, the content's tour and questions included", () => {
    expect(importCycles(importGraph(ROOT, "src"))).toEqual([]);
  });
});
