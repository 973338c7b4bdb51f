import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  fixtureDiff,
  parseSnapshotJson,
  RECORDING,
  recordSnapshot,
  snapshotJson,
} from "./fixtures/recording.ts";
import { FIXTURE_FILE } from "./fixtures/snapshot.ts";

// The UI tests read a snapshot recorded from the model. If the model now answers differently, the
// committed file is stale and the UI tests would be checking panels against a frame no run sends.

describe("the recorded snapshot (test/ui/fixtures/snapshot.json)", () => {
  const recorded = recordSnapshot();

  it("is what the model produces now (else run npm run fixtures:update and review the UI tests)", () => {
    const committed = readFileSync(FIXTURE_FILE, "utf8");
    const text = snapshotJson(recorded);
    expect(fixtureDiff(committed, text)).toEqual([]);
    expect(committed).toBe(text);
  });

  it("reads back as the snapshot the run sent, typed series included", () => {
    const read = parseSnapshotJson(snapshotJson(recorded));
    expect(read).toEqual(recorded);
    for (const points of Object.values(read.series)) expect(points).toBeInstanceOf(Float64Array);
    expect(recorded.nowNs).toBe(RECORDING.atS * 1e9);
  });

  it("names each value that moved, by its path", () => {
    const moved = snapshotJson({ ...recorded, cacheRv: recorded.cacheRv + 1 });
    expect(fixtureDiff(snapshotJson(recorded), moved)).toEqual([
      `cacheRv: ${recorded.cacheRv} → ${recorded.cacheRv + 1}`,
    ]);
  });
});
