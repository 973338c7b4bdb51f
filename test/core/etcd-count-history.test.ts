import { describe, expect, it } from "vitest";
import { CountHistory } from "../../src/sim/etcd/count-history.ts";
import { RandomStream } from "../../src/sim/rng.ts";

// Counts kept as runs of consecutive changes must answer as the list of every (revision, count)
// they replace: at every revision, after any compaction.

describe("CountHistory", () => {
  it("answers as a list of every change, runs split by compaction (seed 11)", () => {
    const random = new RandomStream(11, "counts");
    const history = new CountHistory();
    const changes: [number, number][] = [];
    let dropped = 0;
    let base = 0;
    let count = 0;
    let rev = 1;
    const expected = (r: number) => {
      let answer = base;
      for (const [at, after] of changes) if (at <= r) answer = after;
      return answer;
    };
    for (let step = 0; step < 2_000; step++) {
      rev += random.int(4) === 0 ? 1 + random.int(3) : 1;
      const roll = random.int(20);
      if (roll === 0) {
        const through = rev - random.int(40);
        history.dropThrough(through);
        dropped = Math.max(dropped, through);
        base = expected(through);
        changes.splice(0, changes.filter(([at]) => at <= through).length);
        continue;
      }
      const change = count > 0 && roll < 8 ? -1 : 1;
      count += change;
      history.record(rev, change, count);
      changes.push([rev, count]);
      for (let r = Math.max(dropped, rev - 30); r <= rev; r++) {
        expect(history.at(r)).toBe(expected(r));
      }
    }
    expect(dropped).toBeGreaterThan(1_000);
  });

  it("keeps a start's creates at consecutive revisions as one run", () => {
    const history = new CountHistory();
    for (let i = 1; i <= 150_000; i++) history.record(i + 1, 1, i);
    expect([history.at(1), history.at(2), history.at(75_001), history.at(200_000)]).toEqual([
      0, 1, 75_000, 150_000,
    ]);
    history.dropThrough(100_001);
    expect([history.at(100_001), history.at(100_002), history.at(150_001)]).toEqual([
      100_000, 100_001, 150_000,
    ]);
    expect(() => history.record(150_001, 1, 150_001)).toThrow(/is not after/);
    expect(() => history.record(150_002, -1, 150_000)).toThrow(/pods after a change/);
  });
});
