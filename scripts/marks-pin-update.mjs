// `node scripts/marks-pin-update.mjs`: reruns the pinned marks' runs (test/core/marks-pinned.ts),
// prints which runs' marks moved against the committed file, and rewrites it. A change to the
// marks' checks must leave it as it is; a change that means to move a mark says why in its commit.
import { fileURLToPath } from "node:url";
import { loadModel } from "./load-model.mjs";

const file = fileURLToPath(new URL("../test/core/marks-pinned.json", import.meta.url));

const pin = await loadModel({
  PINNED_RUNS: "./test/core/marks-pinned.ts",
  readPinned: "./test/core/marks-pinned.ts",
  runPinned: "./test/core/marks-pinned.ts",
  writePinned: "./test/core/marks-pinned.ts",
});

const before = pin.readPinned(file) ?? {};
const after = {};
let moved = 0;
for (const run of pin.PINNED_RUNS) {
  after[run.name] = pin.runPinned(run);
  const same = JSON.stringify(before[run.name]) === JSON.stringify(after[run.name]);
  if (!same) moved++;
  process.stdout.write(
    `${run.name}: ${after[run.name].length} marks, ${same ? "unchanged" : "moved"}\n`,
  );
}
pin.writePinned(file, after);
process.stdout.write(`marks: ${moved} of ${pin.PINNED_RUNS.length} runs moved\n`);
