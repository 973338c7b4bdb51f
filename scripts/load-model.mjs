// Node 20 cannot import TypeScript: the benchmarks bundle the modules they measure with esbuild
// into a scratch file and import that. `sources` maps each export name to its module path.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

export async function loadModel(sources) {
  const outfile = join(mkdtempSync(join(tmpdir(), "wcl-model-")), "model.mjs");
  const contents = Object.entries(sources)
    .map(([name, path]) => `export { ${name} } from "${path}";`)
    .join("\n");
  await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  return import(outfile);
}
