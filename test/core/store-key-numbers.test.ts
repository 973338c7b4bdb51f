import { describe, expect, it } from "vitest";
import { PodBodies } from "../../src/sim/apiserver/pod-bodies.ts";
import { type Indexer, Store } from "../../src/sim/apiserver/store.ts";
import { keyId } from "../../src/sim/lib/key-ids.ts";
import { shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";

// The store keeps its objects in columns by key number (lib/key-ids.ts), and a number follows the
// order in which the process first met the key, not the key's order. Here the keys are numbered
// first in reverse or shuffled order, then stores are driven by seeded operations and checked
// against a map of the objects written: lists, index buckets and reads must show the keys' order
// and exactly the rv and body last written, whichever run (store) wrote a body first.

const APPS = ["web", "db", "cache"] as const;
const NODES = ["", "n1", "n2"] as const;
const appIndex: Indexer = { name: "l:app", source: "label", key: "app" };
const nodeIndex: Indexer = { name: "f:spec.nodeName", source: "field", key: "spec.nodeName" };

/** A seeded generator (a linear congruential one), so a failure replays. */
function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function shuffled<T>(items: readonly T[], pick: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Keys under a prefix of their own, so no other test numbered them before. */
function keysOf(prefix: string): string[] {
  return Array.from({ length: 40 }, (_, i) => `${prefix}ns/p-${i}`);
}

const podOf = (key: string, rv: number, pick: (n: number) => number): Pod => ({
  namespace: "ns",
  name: key.slice(key.lastIndexOf("/") + 1),
  rv,
  nodeName: NODES[pick(NODES.length)] as string,
  labels: pick(4) === 0 ? {} : { app: APPS[pick(APPS.length)] as string },
});

/** The objects a map of what was written says the store must show. */
function expectSame(store: Store, written: Map<string, Pod>, prefix: string, keys: string[]): void {
  const inOrder = [...written.keys()].sort().map((k) => written.get(k));
  expect(store.size).toBe(written.size);
  expect(store.list(prefix, "", 1).items()).toEqual(inOrder);
  const from = `${prefix}ns/p-2`;
  expect(store.list(prefix, from, 1).items()).toEqual(
    [...written.keys()]
      .filter((k) => k >= from)
      .sort()
      .map((k) => written.get(k)),
  );
  for (const app of APPS) {
    const bucket = inOrder.filter((p) => p?.labels["app"] === app);
    expect(store.byIndex("l:app", app, 1)?.items()).toEqual(bucket);
  }
  for (const node of ["n1", "n2"]) {
    const bucket = inOrder.filter((p) => p?.nodeName === node);
    expect(store.byIndex("f:spec.nodeName", node, 1)?.items()).toEqual(bucket);
  }
  for (const key of keys) expect(store.get(key)).toEqual(written.get(key));
}

/** Seeded puts, deletes and replaces on two stores (two runs) at once, each against its map. */
function drive(prefix: string, keys: string[], seed: number): void {
  const pick = lcg(seed);
  const runs = [0, 1].map(() => ({
    store: new Store([appIndex, nodeIndex]),
    written: new Map<string, Pod>(),
  }));
  let rv = 1;
  for (let step = 0; step < 300; step++) {
    const run = runs[pick(2)] as (typeof runs)[number];
    const key = keys[pick(keys.length)] as string;
    const op = pick(20);
    if (op < 13) {
      const pod = podOf(key, rv++, pick);
      run.store.put(key, pod);
      run.written.set(key, pod);
    } else if (op < 19) {
      run.store.delete(key);
      run.written.delete(key);
    } else {
      const chosen = shuffled(keys, pick).slice(0, pick(keys.length));
      const pods = chosen.map((k) => podOf(k, rv++, pick));
      run.store.replace(chosen, pods);
      run.written = new Map(chosen.map((k, i) => [k, pods[i] as Pod]));
    }
    expectSame(run.store, run.written, prefix, keys);
  }
  for (const run of runs) expectSame(run.store, run.written, prefix, keys);
}

describe("Store with keys numbered in another order than theirs", () => {
  it("lists, indexes and reads as the objects written when the keys were numbered in reverse", () => {
    const prefix = "/store-numbers-reverse/";
    const keys = keysOf(prefix);
    for (const key of [...keys].sort().reverse()) keyId(key);
    for (const seed of [1, 2, 3]) drive(prefix, keys, seed);
  });

  it("lists, indexes and reads as the objects written when the keys were numbered shuffled", () => {
    const prefix = "/store-numbers-shuffled/";
    const keys = keysOf(prefix);
    for (const key of shuffled(keys, lcg(7))) keyId(key);
    for (const seed of [4, 5, 6]) drive(prefix, keys, seed);
  });

  it("reads a pod with the rv and body written, when another run wrote the key's first body", () => {
    const key = "/store-numbers-first/ns/a";
    const first = new Store([]);
    first.put(key, { namespace: "ns", name: "a", rv: 1, nodeName: "", labels: {} });
    const other = new Store([]);
    const own: Pod = { namespace: "ns", name: "a", rv: 5, nodeName: "n9", labels: { app: "x" } };
    other.put(key, own);
    expect(other.get(key)).toEqual(own);
    const same: Pod = { namespace: "ns", name: "a", rv: 7, nodeName: "", labels: {} };
    other.put(key, same);
    expect(other.get(key)).toEqual(same);
    expect(first.get(key)?.rv).toBe(1);
    other.delete(key);
    expect(other.get(key)).toBeUndefined();
    expect(first.get(key)).toEqual({ namespace: "ns", name: "a", rv: 1, nodeName: "", labels: {} });
  });
});

describe("PodBodies", () => {
  it("gives back a body equal to the one given, shared with another run's when equal", () => {
    const key = "/pod-bodies-shared/ns/a";
    const labels = { app: "web" };
    const a = new PodBodies();
    const b = new PodBodies();
    const first: Pod = { namespace: "ns", name: "a", rv: 1, nodeName: "", labels };
    expect(a.share(key, first)).toBe(first);
    expect(b.share(key, { ...first, rv: 2 })).toBe(first);
    const moved: Pod = { ...first, rv: 3, nodeName: "n1" };
    expect(b.share(key, moved)).toBe(moved);
    expect(b.share(key, { ...moved, rv: 4 })).toBe(moved);
    expect(a.share(key, { ...first, rv: 5 })).toBe(first);
    b.forget(key);
    expect(b.share(key, { ...first, rv: 6 })).toBe(first);
  });
});

describe("SortedKeys shared between runs", () => {
  it("keeps a store's keys its own once another store replaced with the same keys changes", () => {
    shareSealedChunks(true);
    try {
      const prefix = "/store-numbers-sorted/";
      const keys = keysOf(prefix);
      const pods = keys.map((k, i) => podOf(k, i + 1, lcg(9)));
      const a = new Store([]);
      const b = new Store([]);
      a.replace(keys, pods);
      b.replace([...keys].reverse(), [...pods].reverse());
      b.put(`${prefix}ns/p-100`, podOf(`${prefix}ns/p-100`, 99, lcg(10)));
      b.delete(`${prefix}ns/p-0`);
      a.delete(`${prefix}ns/p-1`);
      const names = (s: Store) =>
        s
          .list(prefix, "", 1)
          .items()
          .map((p) => p.name);
      const sorted = keys.map((k) => k.slice(k.lastIndexOf("/") + 1)).sort();
      expect(names(a)).toEqual(sorted.filter((n) => n !== "p-1"));
      expect(names(b)).toEqual([...sorted.filter((n) => n !== "p-0"), "p-100"].sort());
    } finally {
      shareSealedChunks(false);
    }
  });
});
