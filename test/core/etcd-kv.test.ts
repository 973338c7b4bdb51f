import { describe, expect, it } from "vitest";
import { EtcdKv, LIST_TOO_OLD } from "../../src/sim/etcd/kv.ts";
import { RandomStream } from "../../src/sim/rng.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";

const spec = (namespace: string, name: string, nodeName = "") => ({
  namespace,
  name,
  nodeName,
  labels: {},
});
const names = (pods: readonly Pod[]) => pods.map((p) => `${p.namespace}/${p.name}@${p.rv}`);

describe("EtcdKv", () => {
  it("writes each pod change at revision + 1 and logs it as an event", () => {
    const kv = new EtcdKv(1, "/pods/");
    expect(kv.create(spec("ns", "a")).revision).toBe(2);
    expect(kv.writeOutside()).toBe(3);
    const update = kv.update(spec("ns", "a", "node1"));
    expect(update).toMatchObject({ revision: 4, type: "MODIFIED", key: "/pods/ns/a" });
    expect(update.prevObject?.rv).toBe(2);
    const del = kv.delete("ns", "a");
    expect(del).toMatchObject({
      revision: 5,
      type: "DELETED",
      object: { rv: 5, nodeName: "node1" },
    });
    const first = kv.firstEventAfter(0) as number;
    expect([first, first + 1, first + 2].map((i) => kv.eventAt(i).revision)).toEqual([2, 4, 5]);
    expect(kv.logEnd).toBe(first + 3);
  });

  it("inserts a pod as create does, without its event, and names its key by an index", () => {
    const kv = new EtcdKv(1, "/pods/");
    const index = kv.insert(spec("ns", "a"));
    expect(kv.revision).toBe(2);
    expect(kv.keyIndex(spec("ns", "a"))).toBe(index);
    expect(kv.eventAt(kv.logEnd - 1)).toMatchObject({
      revision: 2,
      type: "ADDED",
      key: "/pods/ns/a",
    });
    expect(kv.writeAt(index)).toBe(3);
    expect(kv.current("/pods/ns/a")?.rv).toBe(3);
    expect(() => kv.insert(spec("ns", "a"))).toThrow("kv: create of existing key /pods/ns/a");
  });

  it("reads a range as of an older revision, in key order, after a start key", () => {
    const kv = new EtcdKv(1, "/pods/");
    kv.create(spec("b", "x"));
    kv.create(spec("a", "y"));
    kv.create(spec("a", "z"));
    kv.delete("a", "y");
    const at4 = kv.rangeAt("/pods/", 4, 0);
    expect(at4.ok && names(at4.items)).toEqual(["a/y@3", "a/z@4", "b/x@2"]);
    const page = kv.rangeAt("/pods/", 4, 2);
    expect(page.ok && [names(page.items), page.more]).toEqual([["a/y@3", "a/z@4"], true]);
    const next = kv.rangeAt("/pods/", 4, 2, "/pods/a/z");
    expect(next.ok && [names(next.items), next.more]).toEqual([["b/x@2"], false]);
    const upstreamStyle = kv.rangeAt("/pods/", 4, 2, "/pods/a/z\u0000");
    expect(upstreamStyle.ok && names(upstreamStyle.items)).toEqual(["b/x@2"]);
    expect(kv.countAt("/pods/", 5)).toBe(2);
    expect(kv.countAt("/pods/a/", 4)).toBe(2);
  });

  it("answers 410 for a range below the compacted revision after writing the marker key", () => {
    const kv = new EtcdKv(1, "/pods/");
    kv.create(spec("ns", "a"));
    kv.update(spec("ns", "a", "n"));
    kv.compact(3);
    expect(kv.revision).toBe(4);
    expect(kv.rangeAt("/pods/", 2, 0)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 410, reason: "Expired", message: LIST_TOO_OLD }),
    });
    const at3 = kv.rangeAt("/pods/", 3, 0);
    expect(at3.ok && names(at3.items)).toEqual(["ns/a@3"]);
    expect(kv.firstEventAfter(1)).toBeNull();
    expect(kv.firstEventAfter(2)).not.toBeNull();
  });

  it("agrees with a full-history model at every readable revision (seed 7)", () => {
    const random = new RandomStream(7, "kv");
    const kv = new EtcdKv(10, "/pods/");
    // A pod as the model holds it: its revision and node (updates move pods between nodes).
    type Version = { rev: number; node: string };
    const history: { rev: number; state: Map<string, Version> }[] = [];
    const events = new Map<
      number,
      { type: string; key: string; object: Version; prev: Version | undefined }
    >();
    const state = new Map<string, Version>();
    const version = (pod: Pod) => ({ rev: pod.rv, node: pod.nodeName });
    // Every event the log still holds, with its object and its previous one.
    const expectEvents = () => {
      const from = kv.firstEventAfter(kv.compactedRevision - 1) as number;
      for (let index = from; index < kv.logEnd; index++) {
        const event = kv.eventAt(index);
        expect({
          type: event.type,
          key: event.key,
          object: version(event.object),
          prev: event.prevObject ? version(event.prevObject) : undefined,
        }).toEqual(events.get(event.revision));
      }
      return kv.logEnd - from;
    };
    let checked = 0;
    for (let step = 0; step < 600; step++) {
      const name = `p${random.int(20)}`;
      const key = `/pods/ns${random.int(3)}/${name}`;
      const [, , ns] = key.split("/");
      const node = `n${random.int(3)}`;
      const roll = random.int(10);
      const prev = state.get(key);
      if (roll === 0) {
        kv.compact(kv.revision - random.int(30));
      } else if (roll === 1) {
        kv.writeOutside();
      } else if (prev !== undefined && roll < 4) {
        const { revision } = kv.delete(ns as string, name);
        events.set(revision, {
          type: "DELETED",
          key,
          object: { rev: revision, node: prev.node },
          prev,
        });
        state.delete(key);
      } else {
        const written = prev
          ? kv.update(spec(ns as string, name, node))
          : kv.create(spec(ns as string, name, node));
        const object = { rev: written.revision, node };
        events.set(written.revision, { type: prev ? "MODIFIED" : "ADDED", key, object, prev });
        state.set(key, object);
      }
      history.push({ rev: kv.revision, state: new Map(state) });
      checked += expectEvents();
    }
    expect(checked).toBeGreaterThan(5_000);
    for (const { rev, state: expected } of history) {
      if (rev < kv.compactedRevision) continue;
      const range = kv.rangeAt("/pods/", rev, 0);
      const want = [...expected].sort(([a], [b]) => (a < b ? -1 : 1));
      expect(
        range.ok && range.items.map((p) => [`/pods/${p.namespace}/${p.name}`, version(p)]),
      ).toEqual(want);
      for (const [key, pod] of expected) {
        const got = kv.getAt(key, rev);
        expect(got.ok && got.pod && version(got.pod)).toEqual(pod);
      }
      expect(kv.countAt("/pods/", rev)).toBe(expected.size);
      expect(kv.countAt("/pods/ns1/", rev)).toBe(
        [...expected.keys()].filter((k) => k.startsWith("/pods/ns1/")).length,
      );
    }
  });
});
