// Node 20 cannot import TypeScript: the benchmarks bundle the modules they measure with esbuild
// into a scratch file and import that. `sources` maps each export name to its module path. The
// scratch folder goes once the module is loaded: the benches and tests call this often.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { NODE_BUNDLE } from "./node-bundle.mjs";

export async function loadModel(sources) {
  return (await bundled(sources, false)).model;
}

/**
 * The model and the bundle's text, whose `// src/…` lines mark where each module starts: a CPU
 * profile of the bundle names lines of it (bench-replay.mjs --profile sums them by module).
 */
export const loadModelWithSource = (sources) => bundled(sources, true);

async function bundled(sources, withSource) {
  const dir = mkdtempSync(join(tmpdir(), "wcl-model-"));
  const outfile = join(dir, "model.mjs");
  const contents = Object.entries(sources)
    .map(([name, path]) => `export { ${name} } from "${path}";`)
    .join("\n");
  try {
    await build({
      stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
      outfile,
      ...NODE_BUNDLE,
    });
    const source = withSource ? readFileSync(outfile, "utf8") : "";
    return { model: await import(outfile), source, url: pathToFileURL(outfile).href };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
