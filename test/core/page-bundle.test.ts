import { resolve } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

// The page's main chunk carries no copy of the simulation: the model runs in the worker, and every
// run the page needs beside the live one (a challenge's check, a scrape's fit) is a trial the
// worker makes (worker/trials.ts). The page keeps the scenario's codec and a few constants (a
// module's top-level `seconds(15)` stays, as a call the bundler cannot prove pure). Bundled here as
// Vite bundles the page (tree-shaken, the worker a chunk of its own, not followed), the files that
// run a simulation must contribute no byte.

const ROOT = resolve(import.meta.dirname, "../..");

/** The model's running parts, with no constant of their own: a chunk holding a byte of them
 * holds a simulation. */
const RUN_FILES = [
  "src/sim/simulation.ts",
  "src/sim/scheduler.ts",
  "src/sim/world/world.ts",
  "src/sim/world/snapshot-builder.ts",
  "src/sim/etcd/server.ts",
];

/** The src/sim files in the bundle of `entry` (a path, or a module's text), with their bytes. */
async function simBytesOf(entry: { path: string } | { contents: string }) {
  const result = await build({
    ...("path" in entry
      ? { entryPoints: [entry.path] }
      : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: "ts" } }),
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    metafile: true,
    outdir: "out",
    jsx: "automatic",
    loader: { ".css": "empty" },
    logLevel: "silent",
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined);
  return new Map(
    Object.entries(output?.inputs ?? {})
      .filter(([path, input]) => path.startsWith("src/sim/") && input.bytesInOutput > 0)
      .map(([path, input]) => [path, input.bytesInOutput]),
  );
}

describe("the page's main chunk", () => {
  it("holds none of the model's running parts", async () => {
    const sim = await simBytesOf({ path: "src/ui/main.tsx" });
    const running = RUN_FILES.filter((file) => sim.has(file));
    expect(running, `src/sim in the main chunk: ${[...sim.keys()].join(", ")}`).toEqual([]);
    // What it does hold: the scenario's codec, for links and controls.
    expect(sim.has("src/sim/scenario/parse.ts")).toBe(true);
  }, 60_000);

  it("would be caught holding them: a page module that starts a run through the door", async () => {
    const sim = await simBytesOf({
      contents: `import { createSimulation } from "./src/model/index.ts";\nexport const run = createSimulation;`,
    });
    expect(RUN_FILES.filter((file) => sim.has(file))).toEqual(RUN_FILES);
  }, 60_000);
});
