// `npm run fixtures:update`: records the UI tests' snapshot from a real run (the scenario and
// moment of test/ui/fixtures/recording.ts, through the model's door), prints what moved against
// the committed test/ui/fixtures/snapshot.json, and rewrites it. A model change that moves it
// fails test/ui/fixture-current.test.ts until this is run and the UI tests agree again.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadModel } from "./load-model.mjs";

const file = fileURLToPath(new URL("../test/ui/fixtures/snapshot.json", import.meta.url));
const recording = "./test/ui/fixtures/recording.ts";
const { RECORDING, fixtureDiff, recordSnapshot, snapshotJson } = await loadModel({
  RECORDING: recording,
  fixtureDiff: recording,
  recordSnapshot: recording,
  snapshotJson: recording,
});

const text = snapshotJson(recordSnapshot());
const committed = existsSync(file) ? readFileSync(file, "utf8") : null;
process.stdout.write(`recorded ${RECORDING.query} at ${RECORDING.atS} s\n`);
if (committed === text) {
  process.stdout.write("fixtures: nothing moved, no file rewritten\n");
} else {
  const diff = committed === null ? ["(new file)"] : fixtureDiff(committed, text);
  const moved = diff.length > 0 ? diff : ["(the same values, written out anew)"];
  process.stdout.write(`${moved.map((line) => `  ${line}`).join("\n")}\n`);
  writeFileSync(file, text);
  process.stdout.write("fixtures: test/ui/fixtures/snapshot.json rewritten\n");
}
