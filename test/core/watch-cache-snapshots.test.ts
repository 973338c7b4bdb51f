import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WatchCacheStorage } from "../../src/sim/apiserver/watch-cache-storage.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";
import { podKey } from "../../src/sim/storage/pod.ts";
import { pod } from "./watch-cache-fixture.ts";

// Snapshots are an undo log, not clones: every view must equal the store rebuilt from scratch
// by replaying the event log up to the view's RV.

type Op =
  | { kind: "put"; ns: string; name: string; color: string }
  | { kind: "delete"; ns: string; name: string }
  | { kind: "compact"; back: number }
  | { kind: "replace"; keep: number };

const nameArb = fc.constantFrom("a", "b", "c", "d", "e");
const nsArb = fc.constantFrom("ns", "other");
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("put" as const),
      ns: nsArb,
      name: nameArb,
      color: fc.constantFrom("red", "blue"),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("delete" as const), ns: nsArb, name: nameArb }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("compact" as const), back: fc.nat(6) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replace" as const), keep: fc.nat(10) }) },
);

interface Logged {
  rv: number;
  key: string;
  pod: Pod | null;
}

/** The state at `rv`: the last relist's objects, then every logged event up to `rv`. */
function rebuild(
  base: ReadonlyMap<string, Pod>,
  log: readonly Logged[],
  rv: number,
): Map<string, Pod> {
  const state = new Map(base);
  for (const e of log) {
    if (e.rv > rv) break;
    if (e.pod === null) state.delete(e.key);
    else state.set(e.key, e.pod);
  }
  return state;
}

const sortedValues = (m: Map<string, Pod>, prefix = "", from = "") =>
  [...m.entries()]
    .filter(([k]) => k.startsWith(prefix) && k >= from)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, p]) => p);

function check(ops: readonly Op[]): void {
  const storage = new WatchCacheStorage([], true);
  const snapshots = storage.snapshots;
  if (snapshots === null) throw new Error("snapshots off");
  let rv = 10;
  let base = new Map<string, Pod>();
  let log: Logged[] = [];
  let retained: number[] = [];
  storage.replaceLocked([], [], rv);
  retained.push(rv);
  for (const op of ops) {
    if (op.kind === "put" || op.kind === "delete") {
      const key = podKey("/pods/", { namespace: op.ns, name: op.name });
      const exists = storage.store.get(key) !== undefined;
      if (op.kind === "delete" && !exists) continue;
      rv++;
      const p: Pod = {
        ...pod(op.name, rv, op.kind === "put" ? { color: op.color } : {}),
        namespace: op.ns,
      };
      storage.updateStoreLocked(
        op.kind === "delete" ? "DELETED" : exists ? "MODIFIED" : "ADDED",
        key,
        p,
        rv,
      );
      log.push({ rv, key, pod: op.kind === "delete" ? null : p });
      retained.push(rv);
    } else if (op.kind === "compact") {
      const cut = rv - op.back;
      storage.compactSnapshotsLocked(cut);
      retained = retained.filter((r) => r >= cut);
    } else {
      rv++;
      const current = sortedValues(rebuild(base, log, rv)).slice(0, op.keep);
      base = new Map(current.map((p) => [podKey("/pods/", p), p]));
      storage.replaceLocked([...base.keys()], [...base.values()], rv);
      log = [];
      retained = [rv];
    }
    verify(storage, base, log, retained, rv);
  }
}

function verify(
  storage: WatchCacheStorage,
  base: Map<string, Pod>,
  log: Logged[],
  retained: number[],
  rv: number,
): void {
  const snapshots = storage.snapshots;
  if (snapshots === null) throw new Error("snapshots off");
  for (let at = (retained[0] ?? rv) - 1; at <= rv + 1; at++) {
    const newest = retained.filter((r) => r <= at).at(-1);
    const view = snapshots.newestAtOrBelow(at);
    expect(view?.rv).toBe(newest);
    if (view === undefined || newest === undefined) continue;
    const want = rebuild(base, log, newest);
    const all = view.list("/pods/", "", at);
    expect(all.items()).toEqual(sortedValues(want));
    expect(all.count).toBe(want.size);
    expect(all.items(2)).toEqual(sortedValues(want).slice(0, 2));
    const page = view.list("/pods/ns/", "/pods/ns/c", at);
    const wantPage = sortedValues(want, "/pods/ns/", "/pods/ns/c");
    expect(page.count).toBe(wantPage.length);
    expect(page.items()).toEqual(wantPage);
    for (const name of ["a", "c", "e"])
      expect(view.get(`/pods/ns/${name}`)).toEqual(want.get(`/pods/ns/${name}`));
  }
  // Nothing outlives the oldest snapshot: the undo log holds at most the events after it.
  const oldest = retained[0] ?? rv;
  expect(snapshots.retainedChanges).toBeLessThanOrEqual(log.filter((e) => e.rv > oldest).length);
}

describe("snapshots", () => {
  it("equal a from-scratch rebuild from the event log at every retained RV (seeded)", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => check(ops)),
      { seed: 20260723, numRuns: 300 },
    );
  });

  it("drop every undo entry once only the newest snapshot is left", () => {
    const storage = new WatchCacheStorage([], true);
    storage.replaceLocked([], [], 1);
    for (let rv = 2; rv < 1000; rv++) {
      storage.updateStoreLocked("ADDED", `/pods/ns/p${rv % 50}`, pod(`p${rv % 50}`, rv), rv);
    }
    expect(storage.snapshots?.retainedChanges).toBe(998);
    storage.compactSnapshotsLocked(999);
    expect(storage.snapshots?.retainedChanges).toBe(0);
    expect(storage.snapshots?.count).toBe(1);
  });

  it("answer as a clone would when an RV arrives out of order", () => {
    const storage = new WatchCacheStorage([], true);
    storage.replaceLocked([], [], 10);
    storage.updateStoreLocked("ADDED", "/pods/ns/a", pod("a", 12), 12);
    storage.updateStoreLocked("ADDED", "/pods/ns/b", pod("b", 11), 11);
    storage.updateStoreLocked("DELETED", "/pods/ns/a", pod("a", 13), 13);
    storage.compactSnapshotsLocked(11);
    const names = (rv: number) =>
      storage.snapshots
        ?.newestAtOrBelow(rv)
        ?.list("/pods/", "", rv)
        .items()
        .map((p) => p.name);
    expect(names(11)).toEqual(["a", "b"]);
    expect(names(12)).toEqual(["a"]);
    expect(names(13)).toEqual(["b"]);
  });

  it("answer 410 for an exact RV older than every snapshot", () => {
    const storage = new WatchCacheStorage([], true);
    storage.replaceLocked([], [], 5);
    expect(storage.getExactSnapshotLocked(4)).toMatchObject({
      code: 410,
      reason: "Expired",
      message: "too old resource version: 4",
    });
    expect(storage.canServeExactRv(5)).toBe(true);
  });

  it("are absent when ListFromCacheSnapshot is off, so every exact read is too old", () => {
    const storage = new WatchCacheStorage([], false);
    storage.replaceLocked([], [], 5);
    expect(storage.canServeExactRv(7)).toBe(false);
    expect(storage.getExactSnapshotLocked(7)).toMatchObject({ code: 410 });
  });
});
