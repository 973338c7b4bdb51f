import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GOLDEN_SCENARIOS, goldenDiff, readGolden, runGolden } from "./golden-runs.ts";

// Each golden run must reproduce its committed files exactly (docs/architecture.md, "Golden
// runs"). A change that moves a figure regenerates them with `npm run golden:update`, in a
// commit of its own that says which figures moved and why.

const DIR = fileURLToPath(new URL(".", import.meta.url));

describe("golden runs", () => {
  for (const golden of GOLDEN_SCENARIOS) {
    // A second or less each on a quiet machine; the limit allows for two cores shared by many.
    it(`${golden.stem}: "${golden.query}" for ${golden.seconds} s`, { timeout: 60_000 }, () => {
      const committed = readGolden(DIR, golden.stem);
      if (committed === null) {
        throw new Error(`test/golden/${golden.stem}.* missing: run npm run golden:update`);
      }
      const diff = goldenDiff(committed, runGolden(golden));
      if (diff.length > 0) {
        expect.fail(
          `${golden.stem} moved (npm run golden:update regenerates):\n${diff.join("\n")}`,
        );
      }
    });
  }
});
