// Bundles one command-line entry (src/cli/<name>.ts or src/conformance/main.ts) to dist-cli/<name>.mjs.
// Node 20 cannot run TypeScript itself; esbuild bundles in tens of milliseconds, so every
// `npm run sim` / `npm run conformance` runs the current sources with a fast start.
import { build } from "esbuild";

const entries = {
  sim: "src/cli/sim.ts",
  conformance: "src/conformance/main.ts",
};
const name = process.argv[2];
const entry = entries[name];
if (!entry) {
  console.error(`bundle-cli: unknown entry "${name}"; known: ${Object.keys(entries).join(", ")}`);
  process.exit(2);
}
await build({
  entryPoints: [entry],
  outfile: `dist-cli/${name}.mjs`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});
