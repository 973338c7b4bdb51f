import { describe, expect, it, vi } from "vitest";
import { EtcdKv } from "../../src/sim/etcd/kv.ts";
import { listAt } from "../../src/sim/etcd/range-jobs.ts";
import { RandomStream } from "../../src/sim/rng.ts";
import { prepareContinueToken } from "../../src/sim/storage/continue-token.ts";
import type { StorageListResult } from "../../src/sim/storage/interfaces.ts";
import { NaiveKv } from "./oracles/naive-kv.ts";

// etcd's LIST page (range-jobs.ts listAt) against the whole log (oracles/naive-kv.ts): the page a
// range of the prefix at its revision makes, whether its items were read when it was served or
// only when asked for, after later writes moved every key on.

const PREFIX = "/registry/pods/";
const NAMESPACES = ["a", "b", "bb"];
// The resource prefix, prefixes of it (the client's unprepared key among them), and narrower ones.
const PREFIXES = [PREFIX, "/registry/pods", "/registry/", `${PREFIX}a/`, `${PREFIX}b`];
const LIMITS = [0, 1, 3];

interface PageFacts {
  rv: number;
  count: number;
  continue: string;
  remainingItemCount: number | null;
  items: string[];
}

const facts = (page: StorageListResult): PageFacts => ({
  rv: page.rv,
  count: page.count,
  continue: page.continue,
  remainingItemCount: page.remainingItemCount,
  items: page.items().map((p) => `${p.namespace}/${p.name}@${p.rv}`),
});

/**
 * The page every pod of the range read at once makes: the token names its last key; a first page
 * of every key has etcd's remaining count (a continued or narrower one has none in the model:
 * docs/fidelity.md).
 */
function expected(naive: NaiveKv, prefix: string, rev: number, limit: number, after: string) {
  const read = naive.rangeAt(prefix, rev, limit, after);
  if (!read.ok) throw new Error("a readable revision");
  const last = read.items.at(-1);
  const token =
    read.more && last !== undefined
      ? prepareContinueToken(`${prefix}${last.namespace}/${last.name}`, prefix, rev)
      : "";
  const remaining =
    read.more && after === "" && PREFIX.startsWith(prefix)
      ? naive.countAt(prefix, rev) - read.items.length
      : null;
  return {
    rv: rev,
    count: read.items.length,
    continue: token,
    remainingItemCount: remaining,
    items: read.items.map((p) => `${p.namespace}/${p.name}@${p.rv}`),
  };
}

describe("etcd's LIST page", () => {
  it("is the range read at its revision, however late its items are read (seed 11)", () => {
    const random = new RandomStream(11, "list-page");
    const kv = new EtcdKv(3, PREFIX);
    const naive = new NaiveKv(3, PREFIX);
    const write = () => {
      const namespace = NAMESPACES[random.int(NAMESPACES.length)] as string;
      const name = `pod-${random.int(8)}`;
      const spec = { namespace, name, nodeName: `node-${random.int(3)}`, labels: {} };
      const exists = naive.current(`${PREFIX}${namespace}/${name}`) !== null;
      if (!exists) {
        kv.create(spec);
        naive.create(spec);
      } else if (random.int(4) === 0) {
        kv.delete(namespace, name);
        naive.delete(namespace, name);
      } else {
        kv.update(spec);
        naive.update(spec);
      }
    };
    // What the pages exercised: tokens, remaining counts, and items read after later writes.
    const seen = { tokens: 0, remaining: 0, late: 0 };
    for (let round = 0; round < 40; round++) {
      for (let i = random.int(12); i > 0; i--) write();
      if (random.int(4) === 0) {
        const rev = Math.max(1, kv.revision - random.int(10));
        kv.compact(rev);
        naive.compact(rev);
      }
      // Pages at revisions from the compacted one to now, some read at once, the rest after the
      // next writes (the page's revision is then an old one: every key changed since walks back).
      const keys = naive.log.map((e) => e.key);
      const pages: { page: StorageListResult; want: PageFacts }[] = [];
      for (const prefix of PREFIXES) {
        for (const limit of LIMITS) {
          const rev = Math.max(kv.compactedRevision, kv.revision - random.int(6));
          const after = random.int(3) === 0 ? (keys[random.int(keys.length)] ?? "") : "";
          const page = listAt(kv, prefix, rev, limit, after);
          const want = expected(naive, prefix, rev, limit, after);
          if (want.continue !== "") seen.tokens++;
          if (want.remainingItemCount !== null) seen.remaining++;
          if (random.int(2) === 0) expect(facts(page)).toEqual(want);
          else pages.push({ page, want });
        }
      }
      for (let i = 1 + random.int(12); i > 0; i--) write();
      for (const { page, want } of pages) expect(facts(page)).toEqual(want);
      seen.late += pages.length;
    }
    expect(seen.tokens).toBeGreaterThan(100);
    expect(seen.remaining).toBeGreaterThan(20);
    expect(seen.late).toBeGreaterThan(200);
  });

  it("counts a first page of every key without reading a pod until its items are asked for", () => {
    const kv = new EtcdKv(1, "/pods/");
    for (let i = 0; i < 50; i++)
      kv.create({ namespace: "ns", name: `p${i}`, nodeName: "", labels: {} });
    const range = vi.spyOn(kv, "rangeAt");
    // The resource's own prefix and the client's unprepared "/pods", whole or in a page of 10.
    for (const prefix of ["/pods/", "/pods"]) {
      for (const limit of [0, 10]) {
        const page = listAt(kv, prefix, kv.revision, limit, "");
        expect([page.count, range.mock.calls.length]).toEqual([limit || 50, 0]);
        expect(page.items()).toHaveLength(limit || 50);
        expect(range).toHaveBeenCalledTimes(1);
        range.mockClear();
      }
    }
  });
});
