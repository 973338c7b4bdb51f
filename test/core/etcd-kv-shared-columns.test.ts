import { afterEach, describe, expect, it } from "vitest";
import { EtcdKv } from "../../src/sim/etcd/kv.ts";
import { shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";
import { RandomStream } from "../../src/sim/rng.ts";

// Runs of one scenario share etcd's key columns once their start has created the same keys
// (kv.ts shareKeys): a run that then creates, deletes or compacts keys must copy them first and
// leave every other run reading what it wrote. Two stores start alike and share; then each takes
// their own writes, and each must answer as a twin that never shared.

const START_KEYS = 1_500;
const spec = (i: number, nodeName = "") => ({
  namespace: `ns${i % 4}`,
  name: `p${i}`,
  nodeName,
  labels: {},
});

function started(): EtcdKv {
  const kv = new EtcdKv(1, "/shared/");
  for (let i = 0; i < START_KEYS; i++) kv.create(spec(i));
  kv.rangeAt("/shared/", kv.revision, 1);
  return kv;
}

/** Every key's pod and the counts, now and at a revision the log still holds. */
function view(kv: EtcdKv) {
  const at = Math.max(kv.compactedRevision, kv.revision - 50);
  const pods = (rev: number) => {
    const range = kv.rangeAt("/shared/", rev, 0);
    return range.ok ? range.items.map((p) => `${p.namespace}/${p.name}@${p.rv}:${p.nodeName}`) : [];
  };
  return [pods(kv.revision), pods(at), kv.countAt("/shared/", at), kv.countAt("/shared/ns1/", at)];
}

/** The keys each store holds now, by number. */
const liveKeys = new Map<EtcdKv, Set<number>>();
/** Each store's key named and not written yet, by its index. */
const namedKeys = new Map<EtcdKv, number>();

/** Writes by seed: updates, deletes, creates of new and deleted keys, compactions. */
function write(kv: EtcdKv, seed: number, steps: number): void {
  const random = new RandomStream(seed, "writes");
  const live = liveKeys.get(kv) ?? new Set(Array.from({ length: START_KEYS }, (_, i) => i));
  liveKeys.set(kv, live);
  for (let step = 0; step < steps; step++) {
    const i = random.int(START_KEYS + 50);
    const roll = random.int(10);
    if (roll === 0) kv.compact(kv.revision - random.int(30));
    else if (roll === 1) {
      // A key named before its first write (the world's writers look theirs up so), written at
      // the next such step.
      const named = kv.keyIndex(spec(START_KEYS + 100 + i));
      const earlier = namedKeys.get(kv);
      if (earlier !== undefined) kv.writeAt(earlier);
      namedKeys.set(kv, named);
    } else if (!live.has(i)) {
      kv.create(spec(i, `n${roll}`));
      live.add(i);
    } else if (roll < 3) {
      kv.delete(`ns${i % 4}`, `p${i}`);
      live.delete(i);
    } else kv.update(spec(i, `n${roll}`));
  }
}

afterEach(() => shareSealedChunks(false));

describe("EtcdKv's key columns shared between runs", () => {
  it("leaves each run reading what it wrote while the other changes its keys (seeds 1–4)", () => {
    shareSealedChunks(false);
    const alone = [started(), started()];
    shareSealedChunks(true);
    const shared = [started(), started()];
    for (const [run, seed] of [
      [0, 1],
      [1, 2],
      [0, 3],
      [1, 4],
    ] as const) {
      write(alone[run] as EtcdKv, seed, 1_000);
      write(shared[run] as EtcdKv, seed, 1_000);
      expect(view(shared[0] as EtcdKv)).toEqual(view(alone[0] as EtcdKv));
      expect(view(shared[1] as EtcdKv)).toEqual(view(alone[1] as EtcdKv));
    }
    expect(view(shared[0] as EtcdKv)).not.toEqual(view(shared[1] as EtcdKv));
    expect((shared[1] as EtcdKv).compactedRevision).toBeGreaterThan(START_KEYS);
  });

  it("keeps a key one run names before writing it out of another run's columns", () => {
    shareSealedChunks(true);
    const [a, b] = [started(), started()];
    const named = a.keyIndex(spec(9_001));
    expect(b.keyIndex(spec(9_002))).toBe(named);
    a.writeAt(named);
    b.writeAt(named);
    expect(a.current("/shared/ns1/p9001")).toMatchObject({ name: "p9001", rv: a.revision });
    expect(a.current("/shared/ns2/p9002")).toBeNull();
    expect(b.current("/shared/ns2/p9002")).toMatchObject({ name: "p9002", rv: b.revision });
    expect(b.current("/shared/ns1/p9001")).toBeNull();
  });
});
