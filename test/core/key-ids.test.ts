import { describe, expect, it } from "vitest";
import { keyId, keyIdCount, keyOfId, knownKeyId, sharedKey } from "../../src/sim/lib/key-ids.ts";
import { podKey } from "../../src/sim/storage/pod.ts";

// Keys numbered once per process: a key keeps its number, numbers are dense, and a key named by
// parts is the prefix, namespace and name joined as storage/pod.ts podKey joins them.

describe("key ids", () => {
  it("gives a key one number for the process and finds the key from it", () => {
    const a = keyId("/key-ids-test/a");
    const b = keyId("/key-ids-test/b");
    expect(b).not.toBe(a);
    expect(keyId("/key-ids-test/a")).toBe(a);
    expect(keyOfId(a)).toBe("/key-ids-test/a");
    expect(keyOfId(b)).toBe("/key-ids-test/b");
    expect(keyIdCount()).toBeGreaterThan(Math.max(a, b));
  });

  it("looks a key up without numbering it", () => {
    const before = keyIdCount();
    expect(knownKeyId("/key-ids-test/never")).toBe(-1);
    expect(keyIdCount()).toBe(before);
  });

  it("refuses a number it never gave", () => {
    expect(() => keyOfId(keyIdCount())).toThrow(/no key numbered/);
  });

  it("joins a key named by parts as podKey does", () => {
    const key = sharedKey("/pods/", "key-ids-ns", "pod-1");
    expect(key).toBe("/pods/key-ids-ns/pod-1");
    expect(sharedKey("/pods/", "key-ids-ns", "pod-1")).toBe(key);
    expect(key).toBe(podKey("/pods/", { namespace: "key-ids-ns", name: "pod-1" }));
    expect(sharedKey("/other/", "key-ids-ns", "pod-1")).toBe("/other/key-ids-ns/pod-1");
  });
});
