// `npm run golden:update`: reruns the golden runs (test/golden/golden-runs.ts), prints what moved
// against the committed files, and rewrites them. Commit the result on its own, saying which
// figures moved and why (docs/architecture.md, "Golden runs").
import { fileURLToPath } from "node:url";
import { loadModel } from "./load-model.mjs";

const dir = fileURLToPath(new URL("../test/golden/", import.meta.url));
const golden = await loadModel({
  GOLDEN_SCENARIOS: "./test/golden/golden-runs.ts",
  goldenDiff: "./test/golden/golden-runs.ts",
  readGolden: "./test/golden/golden-runs.ts",
  runGolden: "./test/golden/golden-runs.ts",
  writeGolden: "./test/golden/golden-runs.ts",
});

let moved = 0;
for (const scenario of golden.GOLDEN_SCENARIOS) {
  const record = golden.runGolden(scenario);
  const committed = golden.readGolden(dir, scenario.stem);
  if (committed === null) {
    process.stdout.write(`${scenario.stem}: new\n`);
    moved++;
  } else {
    const diff = golden.goldenDiff(committed, record);
    if (diff.length === 0) {
      process.stdout.write(`${scenario.stem}: unchanged\n`);
      continue;
    }
    moved++;
    process.stdout.write(`${scenario.stem}: moved\n${diff.map((l) => `  ${l}`).join("\n")}\n`);
  }
  golden.writeGolden(dir, scenario.stem, record);
}
process.stdout.write(
  moved === 0
    ? "golden: nothing moved, no file rewritten\n"
    : `golden: ${moved} of ${golden.GOLDEN_SCENARIOS.length} scenarios rewritten in test/golden/\n`,
);
