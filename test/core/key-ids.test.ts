import { describe, expect, it } from "vitest";
import { keyId, keyIdCount, keyOfId, knownKeyId, sharedKey } from "../../src/sim/lib/key-ids.ts";
import { podKey } from "../../src/sim/storage/pod.ts";

// Keys numbered once per process: a key keeps its number, numbers are dense, and a key named by
// parts is the prefix, namespace and name joined as storage/pod.ts podKey joins them.

describe("key ids", () => {
  it("numbers the empty key first met, and tells keys looked up in turn apart", () => {
    // First in the file, so the empty key is the module's first lookup.
    const empty = keyId("");
    expect(empty).toBeGreaterThanOrEqual(0);
    expect(knownKeyId("")).toBe(empty);
    const a = keyId("/key-ids-test/turn-a");
    const b = keyId("/key-ids-test/turn-b");
    expect([knownKeyId("/key-ids-test/turn-a"), knownKeyId("/key-ids-test/turn-a")]).toEqual([
      a,
      a,
    ]);
    expect([keyId("/key-ids-test/turn-b"), knownKeyId("/key-ids-test/turn-c")]).toEqual([b, -1]);
    expect(knownKeyId("/key-ids-test/turn-b")).toBe(b);
    expect(keyOfId(empty)).toBe("");
  });

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
