import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The repository's own biome.json lints a tree of small fixture files, laid out where the page's
// layers live: an import that goes past src/model/index.ts into src/sim/ must fail the lint, and the
// same import through the door (or from the command line, which may use the model directly) passes.

const FIXTURES: Record<string, string> = {
  "src/ui/panels/freshness/wall.ts":
    'import { BLOCK_TIMEOUT_NS } from "../../../sim/apiserver/config.ts";',
  "src/worker/host.ts": 'import { createSimulation } from "../sim/simulation.ts";',
  "src/state/store.ts": 'import type { SimSnapshot } from "../sim/snapshot.ts";',
  "src/content/tour/chapters/deep.ts": 'import { FIFO } from "../../../sim/lib/fifo.ts";',
  "src/content/preset-card.ts": 'import { useState } from "react";',
  "src/content/uses-store.ts": 'import { useApp } from "../state/use-app.ts";',
  "src/content/uses-a-panel.ts": 'import { decisionRows } from "../ui/decision/decisionRows.ts";',
  "src/content/formats.ts": 'import { formatCount } from "../ui/panels/shared/format.ts";',
  "src/scrape/deep.ts": 'import { createSimulation } from "../sim/simulation.ts";',
  "src/scrape/uses-store.ts": 'import { useApp } from "../state/use-app.ts";',
  "src/ui/panels/through-door.ts": 'import { NS_PER_S } from "../../model/index.ts";',
  "src/content/through-door.ts": 'import type { SimSnapshot } from "../model/index.ts";',
  "src/cli/direct.ts": 'import { createSimulation } from "../sim/simulation.ts";',
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let root = "";
let diagnostics: Diagnostic[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "lint-door-"));
  copyFileSync(resolve("biome.json"), join(root, "biome.json"));
  for (const [path, line] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${line}\n\nexport const used = [${importedName(line)}];\n`);
  }
  const biome = spawnSync(resolve("node_modules/.bin/biome"), ["lint", "--reporter=json", "."], {
    cwd: root,
    encoding: "utf8",
  });
  diagnostics = (JSON.parse(biome.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function importedName(line: string): string {
  const name = /\{ (\w+) \}/.exec(line)?.[1];
  if (name === undefined) throw new Error(`fixture without a named import: ${line}`);
  return line.startsWith("import type") ? `null as unknown as ${name}` : name;
}

const restrictedIn = (path: string) =>
  diagnostics.filter(
    (d) => d.location.path === path && d.category === "lint/style/noRestrictedImports",
  );

describe("the model's one door (biome.json noRestrictedImports)", () => {
  it.each([
    "src/ui/panels/freshness/wall.ts",
    "src/worker/host.ts",
    "src/state/store.ts",
    "src/content/tour/chapters/deep.ts",
    "src/scrape/deep.ts",
  ])("fails the lint on %s, which imports src/sim/ directly", (path) => {
    expect(restrictedIn(path)).toHaveLength(1);
  });

  it.each([
    "src/content/preset-card.ts",
    "src/content/uses-store.ts",
    "src/content/uses-a-panel.ts",
  ])(
    "keeps content free of React, the store and the UI beyond its formatters: %s fails",
    (path) => {
      expect(restrictedIn(path)).toHaveLength(1);
    },
  );

  it("keeps a scrape's reading free of the page's layers", () => {
    expect(restrictedIn("src/scrape/uses-store.ts")).toHaveLength(1);
  });

  it.each([
    "src/ui/panels/through-door.ts",
    "src/content/through-door.ts",
    "src/content/formats.ts",
    "src/cli/direct.ts",
  ])("passes %s, which goes through the door or is outside the page's layers", (path) => {
    expect(diagnostics.filter((d) => d.location.path === path)).toEqual([]);
  });
});
