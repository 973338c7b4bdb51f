import { describe, expect, it } from "vitest";
import type { SimSnapshot } from "../../src/sim/snapshot.ts";
import { createDivergenceLog } from "../../src/ui/twin/divergence.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

const MS = 1_000_000;
const base = recordedSnapshot();

/** A snapshot at `tMs` whose 429 count for consistent reads is `answers429`. */
function at(tMs: number, answers429 = 0, cacheRv = base.cacheRv): SimSnapshot {
  const consistent = { ...base.outcomes.consistent, "429": answers429 };
  return {
    ...base,
    nowNs: tMs * MS,
    cacheRv,
    outcomes: { ...base.outcomes, consistent },
  };
}

describe("createDivergenceLog", () => {
  it("notes the first frame the outcomes differ, and the frame before it when they agreed", () => {
    const log = createDivergenceLog();
    log.add(at(0), at(0));
    log.add(at(16), at(16));
    log.add(at(32), at(32, 3));
    log.add(at(48), at(48, 5));
    expect(log.first.outcomes).toEqual({ sinceNs: 16 * MS, atNs: 32 * MS });
    expect(log.first.cacheRv).toBeNull();
  });

  it("keeps B − A per strip metric, spaced at least 50 ms apart", () => {
    const log = createDivergenceLog();
    for (let t = 0; t <= 1000; t += 10) log.add(at(t), at(t, t));
    expect(log.samples.length).toBe(21);
    expect(log.samples.at(-1)?.differences[1]).toBe(1000);
  });

  it("says only when a difference began within a jump ahead", () => {
    const log = createDivergenceLog();
    log.add(at(30_000, 0, 5), at(30_000, 0, 9));
    expect(log.first.cacheRv).toEqual({ sinceNs: 0, atNs: 30_000 * MS });
  });

  it("after a seek back keeps what came before and forgets what came after", () => {
    const log = createDivergenceLog();
    for (let t = 0; t <= 4000; t += 100) log.add(at(t), at(t, t > 3000 ? 1 : 0));
    expect(log.first.outcomes?.atNs).toBe(3100 * MS);
    log.add(at(2000), at(2000));
    expect(log.first.outcomes).toBeNull();
    expect(log.samples.at(-1)?.tNs).toBe(2000 * MS);
    expect(log.samples.length).toBe(21);
  });

  it("stays within its bound over a long run and still spans all of it", () => {
    const log = createDivergenceLog(64);
    for (let t = 0; t <= 600_000; t += 16) log.add(at(t), at(t));
    expect(log.samples.length).toBeLessThan(64);
    expect(log.samples[0]?.tNs).toBe(0);
    expect(log.samples.at(-1)?.tNs).toBeGreaterThan(590_000 * MS);
  });
});
