import { describe, expect, it } from "vitest";
import type { CacheList } from "../../src/sim/apiserver/list-from-cache.ts";
import { encodeContinue } from "../../src/sim/storage/continue-token.ts";
import type { ApiError } from "../../src/sim/storage/errors.ts";
import type { ListOptions } from "../../src/sim/storage/interfaces.ts";
import { newRequestContext } from "../../src/sim/storage/request-context.ts";
import { seconds } from "../../src/sim/time.ts";
import { listOptions } from "./fixtures/cacher.ts";
import { makeCache, pod } from "./watch-cache-fixture.ts";

const OPTS = listOptions();

function seeded() {
  const f = makeCache({
    indexers: [
      { name: "l:app", source: "label", key: "app" },
      { name: "f:spec.nodeName", source: "field", key: "spec.nodeName" },
    ],
  });
  f.cache.replace([pod("a", 2, { app: "web" }, "n1"), pod("b", 3, { app: "db" }, "n1")], 3);
  f.cache.processEvent("ADDED", pod("c", 4, { app: "web" }, "n2"), 4, 0);
  f.cache.processEvent("MODIFIED", pod("a", 5, { app: "web" }, "n2"), 5, 0);
  f.cache.processEvent("DELETED", pod("b", 6, { app: "db" }, "n1"), 6, 0);
  f.setEtcdRv(6);
  return f;
}

function list(f: ReturnType<typeof makeCache>, opts: Partial<ListOptions>, key = "/pods/") {
  const out: { err: ApiError | null; list: CacheList | null; done: boolean } = {
    err: null,
    list: null,
    done: false,
  };
  f.cache.waitUntilFreshAndGetList(key, { ...OPTS, ...opts }, newRequestContext(1), (err, l) => {
    Object.assign(out, { err, list: l, done: true });
  });
  return out;
}

const names = (l: CacheList | null) => l?.items().map((p) => `${p.name}@${p.rv}`);

describe("waitUntilFreshAndGetList", () => {
  it("serves a consistent list once the cache reaches etcd's current RV, at the cache's RV", () => {
    const f = seeded();
    f.setEtcdRv(8);
    const r = list(f, {});
    expect(r.done).toBe(false);
    f.cache.updateResourceVersion(9);
    expect(r.list?.rv).toBe(9);
    expect(names(r.list)).toEqual(["a@5", "c@4"]);
    expect(r.list?.count).toBe(2);
    expect(r.list?.items(1).map((p) => p.name)).toEqual(["a"]);
  });

  it("serves an exact list from the newest snapshot at or below the RV, at exactly that RV", () => {
    const f = seeded();
    const r = list(f, { resourceVersion: "4", resourceVersionMatch: "Exact" });
    expect(r.list?.rv).toBe(4);
    expect(names(r.list)).toEqual(["a@2", "b@3", "c@4"]);
    const legacy = list(f, { resourceVersion: "5", limit: 1 });
    expect(names(legacy.list)).toEqual(["a@5", "b@3", "c@4"]);
  });

  it("answers 410 for an exact list older than every snapshot", () => {
    const f = seeded();
    const r = list(f, { resourceVersion: "2", resourceVersionMatch: "Exact" });
    expect(r.err).toMatchObject({
      code: 410,
      reason: "Expired",
      message: "too old resource version: 2",
    });
  });

  it("waits for a future exact RV, then serves it", () => {
    const f = seeded();
    const r = list(f, { resourceVersion: "7", resourceVersionMatch: "Exact" });
    expect(r.done).toBe(false);
    f.cache.processEvent("ADDED", pod("d", 7), 7, 0);
    expect(r.list?.rv).toBe(7);
    expect(names(r.list)).toEqual(["a@5", "c@4", "d@7"]);
  });

  it("continues an exact list from the token's key and RV", () => {
    const f = seeded();
    const token = encodeContinue("/pods/ns/b", "/pods/", 4);
    const r = list(f, { continue: token });
    expect(r.list?.rv).toBe(4);
    expect(names(r.list)).toEqual(["b@3", "c@4"]);
  });

  it("continues at the latest RV when the token's RV is -1", () => {
    const f = seeded();
    const r = list(f, { continue: encodeContinue("/pods/ns/b", "/pods/", -1) });
    expect(r.list?.rv).toBe(6);
    expect(names(r.list)).toEqual(["c@4"]);
  });

  it("refuses a token it cannot decode with 400", () => {
    const f = seeded();
    const r = list(f, { continue: "bm90LWpzb24" });
    expect(r.err).toMatchObject({ code: 400, reason: "BadRequest" });
    expect(r.err?.message.startsWith("invalid continue token: continue key is not valid")).toBe(
      true,
    );
  });

  it("uses a field index before a label index, only when the selector pins the value", () => {
    const f = seeded();
    const both = { labelSelector: "app=web", fieldSelector: "spec.nodeName=n2" };
    const byField = list(f, { ...both, indexLabels: ["app"], indexFields: ["spec.nodeName"] });
    expect(byField.list?.indexUsed).toBe("f:spec.nodeName");
    expect(names(byField.list)).toEqual(["a@5", "c@4"]);
    const byLabel = list(f, { ...both, resourceVersion: "0", indexLabels: ["app"] });
    expect(byLabel.list?.indexUsed).toBe("l:app");
    const unpinned = list(f, { labelSelector: "tier=x", indexLabels: ["app"] });
    expect(unpinned.list?.indexUsed).toBe("");
    expect(unpinned.list?.count).toBe(2);
  });

  it("serves a single key when not recursive, at the cache's RV", () => {
    const f = seeded();
    const r = list(f, { recursive: false, resourceVersion: "0" }, "/pods/ns/c");
    expect(names(r.list)).toEqual(["c@4"]);
    expect(r.list?.rv).toBe(6);
  });

  it("lists only the keys under the prefix", () => {
    const f = seeded();
    f.cache.processEvent("ADDED", { ...pod("z", 7), namespace: "other" }, 7, 0);
    const r = list(f, { resourceVersion: "0" }, "/pods/ns/");
    expect(r.list?.count).toBe(2);
    expect(names(r.list)).toEqual(["a@5", "c@4"]);
  });

  it("times out a consistent list after 3 s with the cache's RV in the message", () => {
    const f = seeded();
    f.setEtcdRv(20);
    const r = list(f, {});
    f.scheduler.runUntil(seconds(3));
    expect(r.err?.message).toBe("Timeout: Too large resource version: 20, current: 6");
  });
});

describe("getAllEventsSinceLocked", () => {
  it("fails with a plain error before the first relist when the ring is empty", () => {
    const f = makeCache();
    expect(f.cache.getAllEventsSinceLocked(1)).toEqual({
      kind: "plain",
      message: "watch cache isn't correctly initialized",
    });
  });
});
