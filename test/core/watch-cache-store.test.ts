import { describe, expect, it } from "vitest";
import { matches, parseSelector, requiredValue } from "../../src/sim/apiserver/selectors.ts";
import { Store } from "../../src/sim/apiserver/store.ts";
import { pod } from "./watch-cache-fixture.ts";

const labelIndex = { name: "l:app", source: "label", key: "app" } as const;
const nodeIndex = { name: "f:spec.nodeName", source: "field", key: "spec.nodeName" } as const;

describe("Store", () => {
  it("lists keys in order under a prefix, from a start key on", () => {
    const store = new Store([]);
    for (const name of ["c", "a", "b"]) store.put(`/pods/ns/${name}`, pod(name, 1));
    store.put("/pods/other/z", { ...pod("z", 1), namespace: "other" });
    expect(
      store
        .list("/pods/ns/", "", 9)
        .items()
        .map((p) => p.name),
    ).toEqual(["a", "b", "c"]);
    expect(store.list("/pods/ns/", "/pods/ns/b", 9).count).toBe(2);
    expect(
      store
        .list("/pods/", "/pods/ns/c\u0000", 9)
        .items()
        .map((p) => p.name),
    ).toEqual(["z"]);
  });

  it("keeps its label and field indexes through updates and deletes", () => {
    const store = new Store([labelIndex, nodeIndex]);
    store.put("/pods/ns/a", pod("a", 1, { app: "web" }, "n1"));
    store.put("/pods/ns/b", pod("b", 2, { app: "web" }, "n1"));
    store.put("/pods/ns/a", pod("a", 3, { app: "db" }, "n2"));
    store.delete("/pods/ns/b");
    expect(store.byIndex("l:app", "web", 3)?.count).toBe(0);
    expect(
      store
        .byIndex("l:app", "db", 3)
        ?.items()
        .map((p) => p.rv),
    ).toEqual([3]);
    expect(store.byIndex("f:spec.nodeName", "n2", 3)?.count).toBe(1);
    expect(store.byIndex("l:tier", "x", 3)).toBeUndefined();
  });

  it("does not index a pod under a label it lacks", () => {
    const store = new Store([labelIndex]);
    store.put("/pods/ns/a", pod("a", 1));
    expect(store.byIndex("l:app", "", 1)?.count).toBe(0);
  });

  it("refuses to materialise a list after the store changed", () => {
    const store = new Store([]);
    store.put("/pods/ns/a", pod("a", 1));
    const list = store.list("/pods/", "", 1);
    store.put("/pods/ns/b", pod("b", 2));
    expect(() => list.items()).toThrow(/after the store changed/);
  });
});

describe("equality selectors", () => {
  it("match labels and the pod's selectable fields", () => {
    const labels = parseSelector("app=web,tier=front");
    const fields = parseSelector("spec.nodeName=n1");
    expect(matches(pod("a", 1, { app: "web", tier: "front" }, "n1"), { labels, fields })).toBe(
      true,
    );
    expect(matches(pod("a", 1, { app: "web" }, "n1"), { labels, fields })).toBe(false);
    expect(requiredValue(labels, "tier")).toBe("front");
    expect(requiredValue(labels, "zone")).toBeUndefined();
  });
});
