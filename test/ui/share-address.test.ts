// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { shareAddress } from "../../src/ui/controls/shareAddress.ts";
import { fakeRuntime } from "./tour-runtime.tsx";

const keysOf = (address: string) => new URLSearchParams(new URL(address).hash.slice(1));

describe("shareAddress", () => {
  it("names the Prometheus the windowed figures follow, the default included", () => {
    expect(keysOf(shareAddress(fakeRuntime("#lag=800").runtime)).get("prom")).toBe("3");
    expect(keysOf(shareAddress(fakeRuntime("#lag=800&prom=2").runtime)).get("prom")).toBe("2");
  });

  it("writes the default for a value it does not know, as the page then follows", () => {
    expect(keysOf(shareAddress(fakeRuntime("#lag=800&prom=4").runtime)).get("prom")).toBe("3");
  });
});
