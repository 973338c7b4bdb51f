import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FLAGS } from "../../src/cli/args.ts";
import { SCENARIO_DOC, withGeneratedSections } from "../../src/cli/scenario-docs.ts";
import { keyReference } from "../../src/cli/scenario-reference.ts";
import { SCENARIO_KEYS } from "../../src/sim/scenario/index.ts";

// docs/scenarios.md is the scenario reference of the repository: its key and flag tables are
// generated from the tables the code reads, and this test fails when the file falls behind them.

const doc = readFileSync(SCENARIO_DOC, "utf8");

describe("docs/scenarios.md", () => {
  it("has the key and flag tables as the code's tables give them", () => {
    expect(doc, "docs/scenarios.md is behind: run npm run docs:scenarios").toBe(
      withGeneratedSections(doc),
    );
  });

  it("lists every scenario key with its unit, default and what it accepts", () => {
    const rows = doc.split("\n").filter((line) => line.startsWith("| `"));
    for (const ref of keyReference()) {
      const row = rows.find((line) => line.startsWith(`| \`${ref.key}\` |`));
      expect(row, ref.key).toBeDefined();
      expect(row).toContain(ref.allowed);
      expect(row).toContain(ref.defaultText);
      if (ref.unit !== "") expect(row).toContain(`| ${ref.unit} |`);
    }
    expect(keyReference().map((ref) => ref.key)).toEqual(Object.keys(SCENARIO_KEYS));
    expect(doc).toContain(
      "| `writes` | Pod writes: Writes per second to the watched pods. | /s | `20` |",
    );
  });

  it("lists every flag of the command line", () => {
    for (const flag of FLAGS) expect(doc).toContain(`\`--${flag.name}`);
  });

  it("points only to files the repository has", () => {
    for (const [, path] of doc.matchAll(/`((?:docs|src|scripts|test)\/[\w./-]+)`/g)) {
      expect(() => readFileSync(path as string), path).not.toThrow();
    }
  });
});
