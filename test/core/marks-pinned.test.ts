import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PINNED_RUNS, readPinned, runPinned } from "./marks-pinned.ts";

// Each run's marks must be exactly the committed ones (marks-pinned.ts says why);
// `node scripts/marks-pin-update.mjs` rewrites the file when a commit means to move a mark.

const FILE = fileURLToPath(new URL("./marks-pinned.json", import.meta.url));

describe("pinned marks", () => {
  const pinned = readPinned(FILE);
  for (const run of PINNED_RUNS) {
    // A second or two each on a quiet machine; the limit allows for two cores shared by many.
    it(`${run.name}: every mark as committed`, { timeout: 60_000 }, () => {
      if (pinned === null) throw new Error("test/core/marks-pinned.json missing");
      expect(runPinned(run)).toEqual(pinned[run.name]);
    });
  }
});
