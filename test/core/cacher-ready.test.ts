import { describe, expect, it } from "vitest";
import { CacherReady } from "../../src/sim/apiserver/ready.ts";

describe("CacherReady", () => {
  it("starts Pending, and each transition to Ready bumps the generation and the change time", () => {
    let now = 5;
    const ready = new CacherReady(() => now);
    expect(ready.check()).toEqual({
      downtimeNs: 0,
      error: "storage is (re)initializing",
      generation: 0,
    });
    now = 7;
    ready.setReady();
    ready.setReady();
    expect(ready.check()).toEqual({ downtimeNs: 0, error: null, generation: 1 });
    now = 9;
    ready.setPending("watch failed");
    now = 12;
    expect(ready.check()).toEqual({
      downtimeNs: 3,
      error: "storage is (re)initializing: watch failed",
      generation: 1,
    });
    ready.setReady();
    expect(ready.generation).toBe(2);
  });

  it("stays Stopped once stopped", () => {
    const ready = new CacherReady(() => 0);
    ready.setReady();
    ready.stop();
    ready.setReady();
    expect([ready.state, ready.check().error]).toEqual(["Stopped", "apiserver cacher is stopped"]);
  });
});
