import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SnapshotList } from "../../src/sim/apiserver/snapshot-list.ts";
import { chunkOf, chunkStart, shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";

// The snapshots' list as chunks by absolute index, shared by runs that wrote them alike
// (lib/sealed-chunks.ts): against a plain array of entries, beside a twin list given the same
// entries, where a write below the newest chunk (an RV out of order) must not reach the twin.

type Entry = [rv: number, seq: number, size: number];

type Op =
  | { readonly t: "push"; readonly n: number }
  | { readonly t: "write"; readonly back: number }
  | { readonly t: "insert"; readonly back: number }
  | { readonly t: "drop"; readonly n: number }
  | { readonly t: "clear" };

const read = (list: SnapshotList): Entry[] =>
  Array.from({ length: list.end - list.head }, (_, n) => {
    const i = list.head + n;
    return [list.rvAt(i), list.seqAt(i), list.sizeAt(i)];
  });

describe("the snapshot list", () => {
  beforeAll(() => shareSealedChunks(true)); // as time travel has it
  afterAll(() => shareSealedChunks(false));

  it("reads back its entries across chunks, drops and writes, beside a twin sharing them", () => {
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 4, arbitrary: fc.record({ t: fc.constant("push" as const), n: fc.nat(3000) }) },
      { weight: 2, arbitrary: fc.record({ t: fc.constant("write" as const), back: fc.nat(9000) }) },
      {
        weight: 1,
        arbitrary: fc.record({ t: fc.constant("insert" as const), back: fc.nat(9000) }),
      },
      { weight: 2, arbitrary: fc.record({ t: fc.constant("drop" as const), n: fc.nat(5000) }) },
      { weight: 1, arbitrary: fc.record({ t: fc.constant("clear" as const) }) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), (ops) => {
        const list = new SnapshotList();
        const twin = new SnapshotList();
        let given: Entry[] = [];
        let twinGiven: Entry[] = [];
        let n = 0;
        for (const o of ops) {
          if (o.t === "push") {
            for (let k = 0; k < o.n; k++, n++) {
              const e: Entry = [n * 2 + 1, n + 7, n % 13];
              list.push(...e);
              twin.push(...e);
              given.push(e);
              twinGiven.push(e);
            }
          } else if (o.t === "write" || o.t === "insert") {
            if (given.length === 0) continue;
            const at = Math.max(0, given.length - 1 - (o.back % given.length));
            const e: Entry = [-n, -n, -n];
            n++;
            if (o.t === "write") {
              list.write(list.head + at, ...e);
              given[at] = e;
            } else {
              list.insert(list.head + at, ...e);
              given.splice(at, 0, e);
            }
          } else if (o.t === "drop") {
            const k = Math.min(o.n, given.length);
            list.dropBefore(list.head + k);
            given = given.slice(k);
            // The twin drops alike only while it reads the same entries.
            if (twinGiven.length === given.length + k) {
              twin.dropBefore(twin.head + k);
              twinGiven = twinGiven.slice(k);
            }
          } else {
            list.clear();
            given = [];
          }
          expect(read(list)).toEqual(given);
          expect(read(twin)).toEqual(twinGiven);
          const { from, to } = list.sealed;
          expect(from).toBe(chunkStart(chunkOf(from))); // chunk boundaries
          expect(to).toBe(chunkStart(chunkOf(to)));
          expect(to).toBeLessThan(Math.max(list.end, 1));
        }
      }),
      { seed: 0x5a1e, numRuns: 60 },
    );
  });

  it("reads back values beyond 4 bytes exactly beside a twin that differs only in one", () => {
    const odd = [2 ** 32 - 1, 2 ** 32, 2 ** 53, -1, -0, 0.3, 2 ** 31, -(2 ** 31), 7];
    const at = (n: number) => odd[n % odd.length] ?? 0;
    const [a, b] = [new SnapshotList(), new SnapshotList()];
    const given: Entry[][] = [[], []];
    for (const [k, list] of [a, b].entries()) {
      for (let n = 0; n < 9_000; n++) {
        // Index 100 is in chunk 1, sealed once the list moved on: b's differs only there, in a
        // value kept beside the column, so its chunk must stay its own.
        const e: Entry = [n === 100 ? 2 ** 40 + k : at(n), at(n + 1), at(n + 2)];
        list.push(...e);
        given[k]?.push(e);
      }
    }
    expect(read(a)).toEqual(given[0]);
    expect(read(b)).toEqual(given[1]);
    expect(a.rvAt(100)).toBe(2 ** 40);
    expect(b.rvAt(100)).toBe(2 ** 40 + 1);
    // Out of order into a's sealed chunk: a copies it, b still reads its own.
    a.write(101, -1, -1, -1);
    expect(a.rvAt(101)).toBe(-1);
    expect(b.rvAt(101)).toBe(at(101));
  });
});
