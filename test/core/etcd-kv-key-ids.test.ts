import { describe, expect, it } from "vitest";
import { EtcdKv } from "../../src/sim/etcd/kv.ts";
import { keyId, knownKeyId } from "../../src/sim/lib/key-ids.ts";
import { RandomStream } from "../../src/sim/rng.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";

// etcd's key map is a column by the process's key ids (lib/key-ids.ts), which follow the order in
// which the process first met each key: another scenario or test may have met them in any order.
// Two stores take the same writes under two prefixes, one whose keys the process numbered
// shuffled beforehand and one numbered as it creates them: every read must agree.

const NAMES = Array.from({ length: 24 }, (_, i) => [`ns${i % 3}`, `p${i * 7}`] as const);
const spec = (namespace: string, name: string, nodeName = "") => ({
  namespace,
  name,
  nodeName,
  labels: {},
});
const shown = (pods: readonly Pod[]) => pods.map((p) => `${p.namespace}/${p.name}@${p.rv}`);

/** What a reader can see of `kv` under `prefix`, with the prefix taken off its keys. */
function view(kv: EtcdKv, prefix: string) {
  const seen: unknown[] = [];
  for (const rev of [kv.compactedRevision, Math.floor((kv.compactedRevision + kv.revision) / 2)]) {
    if (rev < Math.max(1, kv.compactedRevision)) continue;
    const all = kv.rangeAt(prefix, rev, 0);
    const page = kv.rangeAt(prefix, rev, 5, `${prefix}ns1/p7`);
    seen.push(rev, all.ok && shown(all.items), page.ok && [shown(page.items), page.more]);
    seen.push(kv.countAt(prefix, rev), kv.countAt(`${prefix}ns2/`, rev));
  }
  for (const [ns, name] of NAMES) {
    const got = kv.getAt(`${prefix}${ns}/${name}`, kv.revision);
    seen.push(got.ok && got.pod?.rv);
  }
  const from = kv.firstEventAfter(kv.compactedRevision - 1) ?? kv.logEnd;
  for (let i = from; i < kv.logEnd; i++) {
    const { revision, type, key, object, prevObject } = kv.eventAt(i);
    seen.push([revision, type, key.slice(prefix.length), object.rv, prevObject?.rv]);
  }
  return seen;
}

describe("EtcdKv with key ids met in another order than its keys", () => {
  it("reads, counts and compacts as with ids in creation order (seed 3)", () => {
    const random = new RandomStream(3, "key-order");
    const shuffled = NAMES.map(([ns, name]) => `/shuffled/${ns}/${name}`);
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
    }
    for (const key of shuffled) keyId(key);
    expect(knownKeyId("/in-order/ns0/p0")).toBe(-1);
    const kvs = [new EtcdKv(5, "/shuffled/"), new EtcdKv(5, "/in-order/")];
    const live = new Set<number>();
    // Batches of writes between reads: keys created together are sorted together.
    for (let step = 0; step < 200; step++) {
      for (let batch = step === 0 ? 12 : random.int(4); batch >= 0; batch--) {
        const pick = random.int(NAMES.length);
        const [ns, name] = NAMES[pick] as readonly [string, string];
        const roll = random.int(10);
        const back = random.int(20);
        for (const kv of kvs) {
          if (roll === 0) kv.compact(kv.revision - back);
          else if (roll === 1) kv.writeOutside();
          else if (live.has(pick) && roll < 4) kv.delete(ns, name);
          else if (live.has(pick)) kv.update(spec(ns, name, `n${roll}`));
          else kv.create(spec(ns, name));
        }
        if (roll >= 2 && roll < 4 && live.has(pick)) live.delete(pick);
        else if (roll >= 2) live.add(pick);
      }
      const [a, b] = kvs as [EtcdKv, EtcdKv];
      const now = a.rangeAt("/shuffled/", a.revision, 0);
      const keys = now.ok ? now.items.map((p) => `${p.namespace}/${p.name}`) : [];
      expect(keys).toEqual([...keys].sort());
      expect(keys.length).toBe(live.size);
      expect(view(a, "/shuffled/")).toEqual(view(b, "/in-order/"));
    }
    expect((kvs[0] as EtcdKv).compactedRevision).toBeGreaterThan(100);
  });

  it("hands another store's pod out only while it holds the same values", () => {
    const [a, b] = [new EtcdKv(1, "/same/"), new EtcdKv(1, "/same/")];
    const labels = { app: "x" };
    a.create({ namespace: "ns", name: "p", nodeName: "", labels });
    b.create({ namespace: "ns", name: "p", nodeName: "", labels });
    const pod = a.current("/same/ns/p");
    expect(b.current("/same/ns/p")).toBe(pod);
    b.update({ namespace: "ns", name: "p", nodeName: "n1", labels });
    a.update({ namespace: "ns", name: "p", nodeName: "n2", labels });
    expect(b.current("/same/ns/p")).toMatchObject({ nodeName: "n1", rv: 3 });
    expect(a.current("/same/ns/p")).toMatchObject({ nodeName: "n2", rv: 3 });
    expect(b.current("/same/ns/p")).toMatchObject({ nodeName: "n1", rv: 3 });
    expect(a.getAt("/same/ns/p", 2)).toEqual({ ok: true, pod });
  });
});
