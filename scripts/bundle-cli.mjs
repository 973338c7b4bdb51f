// Bundles one command-line entry (the table below) to dist-cli/<name>.mjs.
// Node 20 cannot run TypeScript itself; esbuild bundles in tens of milliseconds, so every
// `npm run sim` / `npm run conformance` runs the current sources with a fast start. A bundle
// whose inputs (as esbuild listed them, plus this script and the package files) have the same
// contents as when it was built is kept as it is: hashing them takes milliseconds, where loading
// esbuild and bundling cost a tenth of a second or more on every run.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { NODE_BUNDLE } from "./node-bundle.mjs";

const entries = {
  sim: "src/cli/sim.ts",
  conformance: "src/conformance/main.ts",
  "scenario-docs": "src/cli/write-scenario-docs.ts",
  oracle: "src/conformance/oracle/main.ts",
};
// Bundles whose code runs inside one function (esbuild's iife format; the file stays an ES module,
// one that imports nothing). V8 optimises functions whose shared variables live in a function's
// scope with less work than in a module's: the default scenario's 300 s through the command line
// counted 2 805 M instructions as a module and 2 712 M in one function, TurboFan 1 303 M and
// 1 229 M of them (docs/benchmarks.md at 97e105f, "The command line's bundle in one function").
const IN_ONE_FUNCTION = new Set(["sim"]);
const name = process.argv[2];
const entry = entries[name];
if (!entry) {
  console.error(`bundle-cli: unknown entry "${name}"; known: ${Object.keys(entries).join(", ")}`);
  process.exit(2);
}
const outfile = `dist-cli/${name}.mjs`;
const inputsFile = `dist-cli/${name}.inputs.json`;

const ALWAYS = [
  "scripts/bundle-cli.mjs",
  "scripts/node-bundle.mjs",
  "package.json",
  "package-lock.json",
];

/** Each file's content hash; a missing file hashes to "". */
function hashes(files) {
  return Object.fromEntries(
    files.map((file) => [
      file,
      existsSync(file) ? createHash("sha1").update(readFileSync(file)).digest("hex") : "",
    ]),
  );
}

/** True when the bundle exists and every input is as it was when the bundle was built. */
function upToDate() {
  try {
    if (!existsSync(outfile)) return false;
    const recorded = JSON.parse(readFileSync(inputsFile, "utf8"));
    const now = hashes(Object.keys(recorded));
    return Object.keys(recorded).every((file) => recorded[file] === now[file]);
  } catch {
    return false;
  }
}

if (!upToDate()) {
  const startedMs = Date.now();
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    outfile,
    ...NODE_BUNDLE,
    ...(IN_ONE_FUNCTION.has(name) ? { format: "iife" } : {}),
    metafile: true,
  });
  const imported = result.metafile.outputs[outfile]?.imports ?? [];
  if (IN_ONE_FUNCTION.has(name) && imported.length > 0) {
    // esbuild would turn them into require(), which an ES module does not have.
    const paths = imported.map((i) => i.path).join(", ");
    console.error(`bundle-cli: ${entry} imports ${paths}; a bundle in one function cannot`);
    process.exit(2);
  }
  const recorded = hashes([...Object.keys(result.metafile.inputs), ...ALWAYS]);
  // A file saved while esbuild was reading may not be in the bundle: the next run rebuilds.
  for (const file of Object.keys(recorded)) {
    if (existsSync(file) && statSync(file).mtimeMs >= startedMs) recorded[file] = "changed";
  }
  writeFileSync(inputsFile, JSON.stringify(recorded));
}
